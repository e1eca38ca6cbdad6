import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';

/** JSON logs on stderr (stdout stays clean for CLI output such as `limiar analyze`). */
export function createLogger(config: Pick<AppConfig, 'logLevel'>): Logger {
  return pino({ level: config.logLevel, base: { app: 'limiar' } }, pino.destination(2));
}
