import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { EncryptedStorage, type CiphertextStore } from '../encrypted-storage';

/** Where the bucket is (parsed from `LIMIAR_S3_URL` by the composition root; docs/operations.md). */
export interface S3Settings {
  /** `http(s)://host[:port]` of the S3 API (MinIO, a cloud provider, AWS). */
  endpoint: string;
  region: string;
  bucket: string;
  /** Prepended to every storage key (`''`, or a folder such as `limiar/`). */
  prefix: string;
  /** Bucket in the path (`host/bucket/key`, MinIO and most S3-compatible servers) rather than in the host name. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Sdk = typeof import('@aws-sdk/client-s3');
interface Connected { sdk: Sdk; client: S3Client }

/** An S3 error's HTTP status and name, whatever shape the SDK (or a network failure) gave it. */
function statusOf(error: unknown): { status?: number; name: string; code?: string } {
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string; Code?: string; code?: string; cause?: { code?: string } };
  return { status: e?.$metadata?.httpStatusCode, name: e?.name ?? e?.Code ?? 'Error', code: e?.code ?? e?.cause?.code };
}

const NETWORK = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ECONNABORTED)$/;

/**
 * A pt-BR message naming what is wrong with the bucket — unreachable server, refused credentials, no such
 * bucket — from an error of the SDK. The original error stays as `cause`.
 */
export function describeS3Error(error: unknown, s: S3Settings, action: string): Error {
  const { status, name, code } = statusOf(error);
  const where = `bucket "${s.bucket}" em ${s.endpoint}`;
  // a HEAD answer has no body: the SDK then knows only the status
  const what = name === 'Unknown' || name === 'Error' ? (status ? `HTTP ${status}` : name) : name;
  let message: string;
  if ((code && NETWORK.test(code)) || name === 'TimeoutError' || /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|timed? ?out|socket hang up/i.test(String((error as Error)?.message))) {
    message = `Armazenamento S3 inacessível (${where}): ${code ?? (error as Error)?.message ?? name}. Verifique o endereço, a porta e o tls= de LIMIAR_S3_URL, e se o servidor está no ar.`;
  } else if (status === 403 || /^(InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden|InvalidToken|ExpiredToken)$/.test(name)) {
    message = `O S3 recusou as credenciais para o ${where} (${what}). Verifique a chave de acesso e o segredo em LIMIAR_S3_URL (ou AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY) e as permissões do bucket.`;
  } else if (name === 'NoSuchBucket' || (action === 'verificar o bucket' && status === 404)) {
    message = `O bucket "${s.bucket}" não existe em ${s.endpoint}. Crie-o antes de iniciar o Limiar (ou corrija o nome em LIMIAR_S3_URL).`;
  } else if (name === 'CredentialsProviderError') {
    message = `Sem credenciais para o S3 (${where}): informe ACESSO:SEGREDO em LIMIAR_S3_URL ou AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY.`;
  } else {
    message = `Falha do armazenamento S3 ao ${action} (${where}): ${what}${status && what !== `HTTP ${status}` ? ` (HTTP ${status})` : ''}${(error as Error)?.message && (error as Error).message !== name ? ` — ${(error as Error).message}` : ''}.`;
  }
  return new Error(message, { cause: error });
}

/**
 * Envelopes as objects of one bucket, `<prefix><storage key>`. A PUT is atomic (readers see the old
 * object, none, or the whole new one). The SDK is loaded on first use, so a process on the disk default
 * never loads it. Flexible checksums are sent only when an operation requires them: several
 * S3-compatible servers (s3rver, older MinIO) do not accept the newer checksum headers; each PUT carries
 * Content-MD5 instead and the GCM tag checks every read.
 */
export class S3CiphertextStore implements CiphertextStore {
  readonly label: string;
  private connected?: Promise<Connected>;

  constructor(private readonly settings: S3Settings) {
    this.label = `S3 (bucket ${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''} em ${settings.endpoint})`;
  }

  /** Throws a pt-BR error when the bucket cannot be reached, the credentials are refused or the bucket is missing. */
  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (e) {
      throw describeS3Error(e, this.settings, 'verificar o bucket');
    }
  }

  async get(key: string) {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (e) {
      const { status, name } = statusOf(e);
      if (name === 'NoSuchKey' || (status === 404 && name !== 'NoSuchBucket')) return undefined;
      throw describeS3Error(e, this.settings, 'ler um arquivo');
    }
  }

  async put(key: string, body: Buffer) {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.PutObjectCommand({
        Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body, ContentType: 'application/octet-stream',
        ContentMD5: createHash('md5').update(body).digest('base64'),
      }));
    } catch (e) {
      throw describeS3Error(e, this.settings, 'gravar um arquivo');
    }
  }

  async delete(key: string) {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
    } catch (e) {
      if (statusOf(e).name === 'NoSuchKey' || statusOf(e).status === 404) return; // S3 answers 204 anyway; some servers 404
      throw describeS3Error(e, this.settings, 'apagar um arquivo');
    }
  }

  /** Ends the client's sockets (a CLI command, a test). */
  async close(): Promise<void> {
    const connected = this.connected;
    this.connected = undefined;
    if (connected) (await connected.catch(() => undefined))?.client.destroy();
  }

  private objectKey(key: string) {
    return `${this.settings.prefix}${key}`;
  }

  private connect(): Promise<Connected> {
    return (this.connected ??= (async () => {
      // the SDK warns on every start that its releases after January 2027 will need Node 22; the version is
      // pinned (package-lock) and Node 20 is the project's runtime (ADR 0002): nothing for an operator to do
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const sdk = await import('@aws-sdk/client-s3');
      const s = this.settings;
      const client = new sdk.S3Client({
        endpoint: s.endpoint, region: s.region, forcePathStyle: s.forcePathStyle, credentials: s.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
      });
      return { sdk, client };
    })());
  }
}

/** `FileStorage` on an S3-compatible bucket, encrypted before upload exactly as on disk (ADR 0022). */
export class S3FileStorage extends EncryptedStorage {
  declare readonly store: S3CiphertextStore;

  constructor(settings: S3Settings, key: Buffer) {
    super(new S3CiphertextStore(settings), key);
  }

  /** See `S3CiphertextStore.check`. */
  check(): Promise<void> {
    return this.store.check();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
