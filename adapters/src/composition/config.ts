import path from 'node:path';
import '../http/contract/zod-locale';
import { z } from 'zod';
import type { S3Settings } from '../files/s3/s3-file-storage';
import { s3UrlSchema } from '../files/s3/s3-url';

/**
 * The whole runtime configuration, parsed once from the environment (the only place that reads
 * `process.env`). Later features add their keys here. Exported for tests/ops/deployment.test.ts, which
 * checks deploy/compose.yaml's environment against these keys.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres:// ou postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LIMIAR_DATA_DIR: z.string().min(1).default('.data'),
  LIMIAR_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  LIMIAR_WEB_DIST: z.string().min(1).optional(),
  LIMIAR_WIDGET_DIST: z.string().min(1).optional(),
  LIMIAR_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // empty = unset: deploy/compose.yaml passes ${OLLAMA_HOST:-} when the ollama profile is off
  OLLAMA_HOST: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  OLLAMA_VISION_MODEL: z.string().min(1).default('qwen2.5vl:7b'),
  OLLAMA_TEXT_MODEL: z.string().min(1).default('qwen2.5:7b'),
  OLLAMA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  // the deterministic chart reader (issue 17): on since its bench met the accuracy targets; off sends pictures to Ollama or manual entry (ADR 0016)
  LIMIAR_CHART_READER: z.enum(['on', 'off']).default('on'),
  LIMIAR_FILE_KEY: z.string().min(1).optional(),
  // files on an S3-compatible bucket instead of LIMIAR_DATA_DIR/files (ADR 0022; docs/operations.md)
  LIMIAR_S3_URL: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), s3UrlSchema.optional()),
  // seconds between background refreshes of the programme dashboard's projection (ADR 0018); 0 = only on request
  LIMIAR_PROGRAMME_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  // CPU niceness of the Chromium that renders laudo PDFs (ADR 0030); 0 = the server's own priority
  LIMIAR_PDF_NICE: z.coerce.number().int().min(0).max(19).default(10),
  LIMIAR_AUDIT: z.enum(['buffered', 'direct', 'off']).default('buffered'),
  LIMIAR_IN_PROCESS_WORKER: z.enum(['0', '1', 'true', 'false']).default('1'),
  // API processes of `limiar serve` on this host (node:cluster, ADR 0023); `--workers N` overrides it
  LIMIAR_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LIMIAR_JWT_SECRET: z.string().min(32, 'LIMIAR_JWT_SECRET precisa de pelo menos 32 caracteres').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional().or(z.literal('').transform(() => undefined)),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  LIMIAR_TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s/]+/, 'SMTP_URL deve ser smtp://[usuário:senha@]servidor[:porta] ou smtps://…')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z.string().trim().min(3).default('Limiar <nao-responda@limiar.local>'),
  LIMIAR_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s]+$/, 'LIMIAR_PUBLIC_URL deve ser um endereço http:// ou https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
}).refine((e) => !e.LIMIAR_S3_URL || e.LIMIAR_FILE_KEY, {
  // a key generated into one host's data directory would leave the other processes unable to read the bucket
  path: ['LIMIAR_FILE_KEY'],
  message: 'LIMIAR_FILE_KEY é obrigatório quando LIMIAR_S3_URL está definido (todos os processos cifram com a mesma chave; a de uma instalação existente está em LIMIAR_DATA_DIR/file-key)',
}).refine((e) => !e.SMTP_URL || e.LIMIAR_PUBLIC_URL, {
  // links sent by e-mail never take their host from a request (a forged Host header would leak the token)
  path: ['LIMIAR_PUBLIC_URL'],
  message: 'LIMIAR_PUBLIC_URL é obrigatório quando SMTP_URL está definido (os links enviados por e-mail usam esse endereço)',
});

export interface AppConfig {
  port: number;
  host: string;
  /** External PostgreSQL; when absent an embedded server is started in `dataDir`. */
  databaseUrl?: string;
  /** Absolute path of the data directory (embedded database, files, keys). */
  dataDir: string;
  embeddedPgPort: number;
  /** Absolute path of the built web app served by the API server. */
  webDist: string;
  /** Absolute path of the built embeddable widget, served under `/widget`. */
  widgetDist: string;
  logLevel: string;
  /** Local Ollama server; when absent the deterministic readers and the templates do all the work. */
  ollamaHost?: string;
  ollamaVisionModel: string;
  ollamaTextModel: string;
  ollamaTimeoutMs: number;
  /** Chart pictures and scanned PDFs read by the deterministic chart reader (on unless LIMIAR_CHART_READER=off; ADR 0016). */
  chartReader: boolean;
  /** AES-256 key of stored files; generated into `dataDir` when not configured. */
  fileKey?: string;
  /** Files on an S3-compatible bucket (`LIMIAR_S3_URL`, ADR 0022); absent: encrypted files under `dataDir` (the default). */
  s3?: S3Settings;
  /** Run queued jobs (slow audiogram readings) inside `limiar serve`; else only `limiar worker` does. */
  inProcessWorker: boolean;
  /** API processes `limiar serve` runs on this host (`LIMIAR_WORKERS`, `--workers`); 1 = one process, no cluster. */
  workers: number;
  /** Seconds between background refreshes of the programme projection; 0 = only when a dashboard query asks. */
  programmeRefreshSeconds: number;
  /**
   * How the audit trail is written (ADR 0020): `buffered` (default: after the response, in batches),
   * `direct` (one insert per request, before the response). `off` exists for the audit benchmark's
   * baseline only (tests/bench/audit.bench.ts) — never in production.
   */
  audit: 'buffered' | 'direct' | 'off';
  /** CPU niceness of the Chromium that renders laudo PDFs (`LIMIAR_PDF_NICE`, default 10; ADR 0030). */
  pdfNice: number;
  /** Signing secret of session tokens; generated into `dataDir` when not configured. */
  jwtSecret?: string;
  /** Google sign-in is enabled only when a client id is configured. */
  googleClientId?: string;
  googleJwksUrl: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  env: 'development' | 'production' | 'test';
  /** Outgoing mail (password-reset links); without it the link is shown on screen (ADR 0013). */
  smtpUrl?: string;
  smtpFrom: string;
  /** The address users open the app at; the base of links sent by e-mail. */
  publicUrl?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws `ConfigError` with one pt-BR line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(cwd, e.LIMIAR_DATA_DIR),
    embeddedPgPort: e.LIMIAR_PG_PORT,
    webDist: path.resolve(cwd, e.LIMIAR_WEB_DIST ?? 'web/dist'),
    widgetDist: path.resolve(cwd, e.LIMIAR_WIDGET_DIST ?? 'widget/dist'),
    logLevel: e.LIMIAR_LOG_LEVEL,
    ollamaHost: e.OLLAMA_HOST,
    ollamaVisionModel: e.OLLAMA_VISION_MODEL,
    ollamaTextModel: e.OLLAMA_TEXT_MODEL,
    ollamaTimeoutMs: e.OLLAMA_TIMEOUT_MS,
    chartReader: e.LIMIAR_CHART_READER === 'on',
    fileKey: e.LIMIAR_FILE_KEY,
    s3: e.LIMIAR_S3_URL,
    inProcessWorker: e.LIMIAR_IN_PROCESS_WORKER === '1' || e.LIMIAR_IN_PROCESS_WORKER === 'true',
    workers: e.LIMIAR_WORKERS,
    // tests see the marks as the writes left them unless they ask for the background refresh
    programmeRefreshSeconds: e.LIMIAR_PROGRAMME_REFRESH_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60),
    audit: e.LIMIAR_AUDIT,
    pdfNice: e.LIMIAR_PDF_NICE,
    jwtSecret: e.LIMIAR_JWT_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    trustProxy: e.LIMIAR_TRUST_PROXY === '1' || e.LIMIAR_TRUST_PROXY === 'true',
    env: e.NODE_ENV,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    publicUrl: e.LIMIAR_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}
