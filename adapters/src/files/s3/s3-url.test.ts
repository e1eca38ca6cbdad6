import { describe, expect, it } from 'vitest';
import { s3UrlSchema } from './s3-url';

// config.ts parses LIMIAR_S3_URL with this schema (and requires LIMIAR_FILE_KEY with it: tests/cli/migrate-files.int.test.ts)
const problemsOf = (url: string) => {
  const parsed = s3UrlSchema.safeParse(url);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('LIMIAR_S3_URL', () => {
  it('reads a MinIO URL: percent-encoded secret, http, path-style, prefix', () => {
    expect(s3UrlSchema.parse('s3://minio:se%2Fgr%2Bedo@minio.internal:9000/limiar/clinica-a/arquivos?tls=false')).toEqual({
      endpoint: 'http://minio.internal:9000', region: 'us-east-1', bucket: 'limiar', prefix: 'clinica-a/arquivos/', forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'se/gr+edo' },
    });
  });

  it('reads an AWS URL: https, the region from the host, virtual-host style, the SDK\'s credentials', () => {
    expect(s3UrlSchema.parse('s3://s3.sa-east-1.amazonaws.com/limiar-prod')).toEqual({
      endpoint: 'https://s3.sa-east-1.amazonaws.com', region: 'sa-east-1', bucket: 'limiar-prod', prefix: '', forcePathStyle: false, credentials: undefined,
    });
    expect(s3UrlSchema.parse('s3://storage.example.com/b01?region=br-sp&forcePathStyle=false')).toMatchObject({ region: 'br-sp', forcePathStyle: false, endpoint: 'https://storage.example.com' });
  });

  it('refuses, in pt-BR, another scheme, a missing or invalid bucket, unknown parameters, half credentials', () => {
    expect(problemsOf('https://minio:9000/limiar')[0]).toMatch(/^deve começar com s3:\/\/ \(forma: s3:\/\//);
    expect(problemsOf('s3://minio:9000')[0]).toMatch(/falta um bucket válido/);
    expect(problemsOf('s3://minio:9000/Maiusculas')[0]).toMatch(/falta um bucket válido/);
    expect(problemsOf('s3://minio:9000/limiar?ssl=false')[0]).toMatch(/parâmetros desconhecidos: ssl/);
    expect(problemsOf('s3://minio:9000/limiar?tls=talvez')[0]).toMatch(/tls e forcePathStyle devem ser true ou false/);
    expect(problemsOf('s3://somente@minio:9000/limiar')[0]).toMatch(/informe a chave de acesso e o segredo juntos/);
    expect(problemsOf('s3://a:b@minio:9000/limiar')).toEqual([]);
  });
});
