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
