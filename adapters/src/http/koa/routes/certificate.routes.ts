import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors } from 'formidable';
import type { Context } from 'koa';
import { CERTIFICATE_MAX_BYTES, type Authenticate, type ManageSigningCertificate, type SigningCertificateView } from '../../../../../core/src';
import { certificateResponse, type CertificateJson } from '../../contract/certificate';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap, UploadError } from '../request-errors';

export interface CertificateDeps {
  authenticate: Authenticate;
  certificates: ManageSigningCertificate;
}

export function toCertificateJson(c: SigningCertificateView): CertificateJson {
  return {
    subjectName: c.subjectName, issuerName: c.issuerName, cpf: c.cpf, crm: c.crm, serialNumber: c.serialNumber,
    notBefore: c.notBefore.toISOString(), notAfter: c.notAfter.toISOString(), status: c.status, statusLabel: c.statusLabel, uploadedAt: c.uploadedAt.toISOString(),
  };
}

const INVALID_FORM = 'Envio inválido: use multipart/form-data com o arquivo do certificado (campo pfx) e a senha (campo password).';

/** The multipart form, in memory only (never on disk): the file stops at 100 kB + 1 byte. The password is never logged. */
async function readCertificateForm(ctx: Context): Promise<{ pfx: Uint8Array; password: string }> {
  if (!ctx.is('multipart/form-data')) throw new UploadError('UPLOAD.INVALID', INVALID_FORM);
  const chunks: Buffer[] = [];
  let size = 0;
  const form = formidable({
    maxFiles: 1, maxFileSize: CERTIFICATE_MAX_BYTES, maxTotalFileSize: CERTIFICATE_MAX_BYTES, allowEmptyFiles: true, minFileSize: 0, maxFields: 4, maxFieldsSize: 4 * 1024,
    fileWriteStreamHandler: () => new Writable({ write(chunk, _enc, done) { size += chunk.length; chunks.push(chunk); done(); } }),
  });
  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(ctx.req);
  } catch (error) {
    const e = error as { code?: number };
    if (e.code === formidableErrors.biggerThanMaxFileSize || e.code === formidableErrors.biggerThanTotalMaxFileSize) {
      throw new UploadError('UPLOAD.TOO_LARGE', 'O arquivo é muito grande para um certificado A1. Tamanho máximo: 100 kB.');
    }
    throw new UploadError('UPLOAD.INVALID', INVALID_FORM);
  }
  if (!files.pfx?.[0]) throw new UploadError('UPLOAD.INVALID', 'Selecione o arquivo do certificado (.pfx ou .p12).');
  const password = fields.password?.[0];
  if (password === undefined) throw new UploadError('UPLOAD.INVALID', 'Informe a senha do certificado.');
  const bytes = Buffer.concat(chunks, size);
  return { pfx: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), password };
}

/** Configurações › Segurança: the member's own ICP-Brasil A1 certificate, which signs their laudos (issue 20). */
export function certificateRoutes(routes: ApiRoutes, d: CertificateDeps): void {
  const tag = 'Certificado digital';
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  routes.add({ method: 'get', path: '/profile/certificate', tag, summary: 'O certificado digital (ICP-Brasil A1) do membro: titular, emissor, CPF/CRM, validade e situação — nunca o arquivo nem a senha', responses: { 200: { description: 'ok (certificate null quando não há)', schema: certificateResponse } } },
    async (ctx) => {
      const view = await d.certificates.current(await auth(ctx));
      ctx.body = { certificate: view ? toCertificateJson(view) : null };
    });

  routes.add({ method: 'post', path: '/profile/certificate', tag, summary: 'Envia o certificado A1 (multipart: pfx = arquivo .pfx/.p12 até 100 kB, password = senha); substitui o anterior. Guardado cifrado com a senha; nunca devolvido', responses: {
    201: { description: 'Guardado', schema: certificateResponse }, 400: { description: 'Senha incorreta, arquivo que não é um A1 com chave privada, formulário inválido' },
    413: { description: 'Maior que 100 kB' }, 422: { description: 'Certificado vencido ou ainda não válido' },
  } },
    async (ctx) => {
      const who = await auth(ctx);
      const input = await readCertificateForm(ctx);
      const view = unwrap(await d.certificates.upload(who, input));
      ctx.status = 201;
      ctx.body = { certificate: toCertificateJson(view) };
    });

  routes.add({ method: 'delete', path: '/profile/certificate', tag, summary: 'Remove o certificado digital (os laudos seguintes levam assinatura eletrônica simples)', responses: { 204: { description: 'Removido' }, 404: { description: 'Nenhum certificado cadastrado' } } },
    async (ctx) => {
      unwrap(await d.certificates.remove(await auth(ctx)));
      ctx.status = 204;
    });
}
