import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../adapters/src/files/s3/s3-file-storage';

/** s3rver's one account (lib/models/account.js): any other key pair is refused with InvalidAccessKeyId. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** `LIMIAR_S3_URL` of the bucket. */
  url: string;
  settings: S3Settings;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  endpoint: string;
  /** A plain SDK client to look at the bucket from outside our adapter. */
  raw: {
    keys(): Promise<string[]>;
    get(key: string): Promise<Buffer>;
    put(key: string, body: Buffer): Promise<void>;
    delete(key: string): Promise<void>;
  };
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: Koa, objects in a temporary folder) on a free port of 127.0.0.1,
 * with the given buckets. No Docker engine answers on this machine and moto is not installable (ADR 0022).
 */
export async function startS3Server(buckets: string[] = ['limiar']): Promise<TestS3Server> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // as the adapter does (s3-file-storage.ts)
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  atomicPuts(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { endpoint, region: 'us-east-1', bucket: buckets[0], prefix: '', forcePathStyle: true, credentials: S3RVER_CREDENTIALS };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const Bucket = buckets[0];
  return {
    url: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${Bucket}?tls=false`,
    settings,
    directory,
    endpoint,
    raw: {
      async keys() {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const out = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
          keys.push(...(out.Contents ?? []).map((o) => o.Key!));
          token = out.NextContinuationToken;
        } while (token);
        return keys.sort();
      },
      get: async (key) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key: key }))).Body!.transformToByteArray()),
      put: async (key, body) => void (await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body }))),
      delete: async (key) => void (await client.send(new DeleteObjectCommand({ Bucket, Key: key }))),
    },
    async close() {
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface S3rverObject { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: Record<string, string> }
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver's filesystem store writes a PUT's body in place and answers before the file is flushed, so a GET
 * right after the PUT (the migration's read-back) or the listing after a killed upload can see part of an
 * object. S3 and MinIO store a PUT atomically and durably before they answer; the tests hold the server to
 * that: the body is received whole, written to a temporary name (not listed: it lacks the object suffix),
 * its metadata written, then renamed. An aborted upload stores nothing.
 */
function atomicPuts(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const content = Buffer.isBuffer(object.content) ? object.content : await new Promise<Buffer>((resolve, reject) => {
      const stream = object.content as NodeJS.ReadableStream;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer | string) => chunks.push(Buffer.from(c)));
      stream.once('error', reject);
      stream.once('aborted', () => reject(new Error('upload aborted')));
      stream.once('end', () => resolve(Buffer.concat(chunks)));
    });
    const md5 = createHash('md5').update(content).digest('hex');
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const tmp = `${objectPath}.tmp-${randomUUID()}`;
    await fs.promises.writeFile(tmp, content);
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    await fs.promises.rename(tmp, objectPath);
    return { size: content.length, md5 };
  };
}
