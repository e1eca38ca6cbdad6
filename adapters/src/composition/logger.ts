import pino, { type DestinationStream, type Logger } from 'pino';
import { redactError, redactText } from '../security/log-redaction';
import type { AppConfig } from './config';

/**
 * JSON logs on stderr (stdout stays clean for CLI output such as `limiar analyze`), or on the given
 * stream (tests capture it). Never a password, hash, token, CPF, e-mail or quoted SQL value: errors
 * go through `redactError`, known secret fields are censored, and every finished line is scrubbed
 * once more by `redactText` (docs/operations.md, "What is logged").
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination: DestinationStream = pino.destination(2)): Logger {
  return pino({
    level: config.logLevel,
    base: { app: 'limiar' },
    serializers: { err: redactError, error: redactError },
    redact: {
      paths: ['password', 'passwordHash', 'token', 'cpf', 'authorization', '*.password', '*.passwordHash', '*.currentPassword', '*.newPassword', '*.token', '*.cpf', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    hooks: { streamWrite: redactText },
  }, destination);
}
