import { z } from 'zod';
import type { S3Settings } from './s3-file-storage';

const flag = (v: string | null, fallback: boolean): boolean | undefined =>
  v === null ? fallback : ['1', 'true', 'sim'].includes(v.toLowerCase()) ? true : ['0', 'false', 'nao', 'não'].includes(v.toLowerCase()) ? false : undefined;

const FORM = 's3://[ACESSO:SEGREDO@]servidor[:porta]/bucket[/prefixo][?region=…&tls=true|false&forcePathStyle=true|false]';

/**
 * `LIMIAR_S3_URL` (docs/operations.md, ADR 0022): `s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=…&tls=…&forcePathStyle=…`.
 * Access key and secret are percent-encoded (a secret with `/` or `+` is written `%2F`, `%2B`); without them
 * the SDK's default credentials apply. `tls` defaults to true (https), `region` to the one in an AWS host name, else us-east-1, and
 * `forcePathStyle` to true except on `*.amazonaws.com`.
 */
export const s3UrlSchema = z.string().trim().transform((text, ctx): S3Settings => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message: `${message} (forma: ${FORM})` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('não é um endereço válido');
  }
  if (url.protocol !== 's3:') return fail('deve começar com s3://');
  if (!url.hostname) return fail('falta o servidor');
  const [bucket, ...rest] = url.pathname.replace(/^\/+/, '').split('/').filter(Boolean);
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail('falta um bucket válido (3 a 63 letras minúsculas, dígitos, pontos ou hífens)');
  const known = new Set(['region', 'tls', 'forcePathStyle']);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length) return fail(`parâmetros desconhecidos: ${unknown.join(', ')}`);
  const tls = flag(url.searchParams.get('tls'), true);
  const pathStyle = flag(url.searchParams.get('forcePathStyle'), !/(^|\.)amazonaws\.com$/i.test(url.hostname));
  if (tls === undefined || pathStyle === undefined) return fail('tls e forcePathStyle devem ser true ou false');
  if (Boolean(url.username) !== Boolean(url.password)) return fail('informe a chave de acesso e o segredo juntos (ACESSO:SEGREDO@), ou nenhum dos dois');
  let credentials: S3Settings['credentials'];
  try {
    credentials = url.username ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) } : undefined;
  } catch {
    return fail('a chave de acesso ou o segredo tem um escape % inválido');
  }
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    region: url.searchParams.get('region') || /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/i.exec(url.hostname)?.[1] || 'us-east-1',
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    forcePathStyle: pathStyle,
    credentials,
  };
});

