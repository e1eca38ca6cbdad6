import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors } from 'formidable';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  toWireAudiogram, type Authenticate, type AudiogramMediaType, type ExamFileStore, type ExamReadingView, type FileStorage, type QueryExams,
  type ReviewExamReading, type UploadExamFile,
} from '../../../../../core/src';
import { applyReadingResponse, examReadingListResponse, examReadingResponse, readingParams, type ExamReadingResponse } from '../../contract/readings';
import { idParams } from '../../contract/patients';
import { fileNameProblem } from '../../contract/text';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { FileNotFoundError, rejectUnsafeInput, UploadError } from '../request-errors';
import { toAttributionResponse } from './attribution-response';
import { toExamResponse } from './patients-exams.routes';

/** Spec §9: 10 MB (10 485 760 bytes); PDF, JPEG, PNG only. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED: Record<string, AudiogramMediaType> = { 'application/pdf': 'application/pdf', 'image/jpeg': 'image/jpeg', 'image/png': 'image/png' };

export const uploadResponse = z.object({
  analysisSucceeded: z.boolean(),
  analysisPending: z.boolean(),
  /** Thresholds were read but wait for the professional (issue 14): GET /api/exams/{id}/readings. */
  reviewPending: z.boolean(),
  readingId: z.string().nullable(),
  identityStatus: z.enum(['match', 'mismatch', 'not_stated']).nullable(),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  error: z.string().nullable(),
  file: z.object({ id: z.string(), fileName: z.string(), fileSizeBytes: z.number(), storageUrl: z.string(), mediaType: z.string() }),
});

/** The body is kept in memory only up to the cap: formidable stops the stream at 10 MB + 1 byte. */
async function readUpload(ctx: Context) {
  const chunks: Buffer[] = [];
  let size = 0;
  const form = formidable({
    maxFiles: 1, maxFileSize: MAX_UPLOAD_BYTES, maxTotalFileSize: MAX_UPLOAD_BYTES, allowEmptyFiles: true, minFileSize: 0, maxFields: 10, maxFieldsSize: 64 * 1024,
    fileWriteStreamHandler: () => new Writable({ write(chunk, _enc, done) { size += chunk.length; chunks.push(chunk); done(); } }),
  });
  try {
    const [fields, files] = await form.parse(ctx.req);
    const file = files.file?.[0];
    return { fields, file, bytes: Buffer.concat(chunks, size) };
  } catch (error) {
    const e = error as { code?: number; httpCode?: number };
    if (e.code === formidableErrors.biggerThanMaxFileSize || e.code === formidableErrors.biggerThanTotalMaxFileSize) {
      throw new UploadError('UPLOAD.TOO_LARGE', 'O arquivo é muito grande. Tamanho máximo: 10MB.');
    }
    if (e.code === formidableErrors.maxFilesExceeded) throw new UploadError('UPLOAD.INVALID', 'Envie um arquivo por requisição.');
    throw new UploadError('UPLOAD.INVALID', 'Envio inválido: use multipart/form-data com os campos file, examId e uploadedBy.');
  }
}

/** A file whose structure ends early is refused before storage (it could never be read). */
function looksComplete(bytes: Buffer, type: AudiogramMediaType): boolean {
  if (type === 'image/png') return bytes.includes(Buffer.from('IHDR')) && bytes.subarray(-12).includes(Buffer.from('IEND'));
  if (type === 'image/jpeg') return bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  return bytes.subarray(-1024).includes(Buffer.from('%%EOF'));
}

export interface FileDeps {
  authenticate: Authenticate;
  upload: UploadExamFile;
  review: ReviewExamReading;
  queryExams: QueryExams;
  today: () => Date;
  files: ExamFileStore;
  storage: FileStorage;
}

/** A held reading on the wire: thresholds in the exam's wire shape, dates as ISO strings. */
export function toExamReadingResponse(r: ExamReadingView): ExamReadingResponse {
  const wire = toWireAudiogram(r.reading.right, r.reading.left);
  const ear = (side: 'right' | 'left') => ({ air: { ...r.reading.pointConfidence[side].air }, bone: { ...r.reading.pointConfidence[side].bone } });
  return {
    id: r.id, examId: r.examId, fileId: r.fileId, fileName: r.fileName, status: r.status, reasons: [...r.reasons],
    confidence: r.reading.confidence, source: r.reading.source, observations: [...r.reading.observations],
    audiogram: { air: wire.air, bone: wire.bone ?? {} } as ExamReadingResponse['audiogram'],
    pointConfidence: { right: ear('right'), left: ear('left') },
    positions: r.reading.positions ?? null, secondOpinion: r.reading.secondOpinion ?? null,
    identity: { status: r.identity.status, matched: [...r.identity.matched], mismatched: [...r.identity.mismatched], stated: { ...r.identity.stated }, worker: r.worker },
    createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null, decidedBy: r.decidedBy,
    reviewedBy: toAttributionResponse(r.reviewedBy),
  };
}

/** `POST /api/files/upload` (spec §7) and the authenticated download its `storageUrl` points to. */
export function fileRoutes(routes: ApiRoutes, d: FileDeps): void {
  routes.add({ method: 'post', path: '/files/upload', tag: 'Arquivos', summary: 'Envia um arquivo de exame (PDF, JPEG ou PNG, até 10 MB; multipart: file, examId, uploadedBy) e tenta ler o audiograma', responses: { 201: { description: 'Armazenado', schema: uploadResponse } } },
    async (ctx) => {
      const auth = await requireAuth(ctx, d.authenticate);
      if (!ctx.is('multipart/form-data')) throw new UploadError('UPLOAD.INVALID', 'Envio inválido: use multipart/form-data com os campos file, examId e uploadedBy.');
      const { fields, file, bytes } = await readUpload(ctx);
      const examId = fields.examId?.[0]?.trim();
      const uploadedBy = fields.uploadedBy?.[0]?.trim();
      if (!examId || !uploadedBy) throw new UploadError('UPLOAD.INVALID', 'ExamId e UserId são necessários para upload');
      if (!file) throw new UploadError('UPLOAD.INVALID', 'Nenhum arquivo enviado.');
      const fileName = (file.originalFilename ?? 'arquivo').slice(0, 200);
      const badName = fileNameProblem(fileName);
      if (badName) throw new UploadError('UPLOAD.INVALID', badName);
      rejectUnsafeInput(fields);
      if (bytes.length === 0) throw new UploadError('UPLOAD.INVALID', `O arquivo '${fileName}' está vazio.`);
      const detected = await fileTypeFromBuffer(bytes);
      const mediaType = detected ? ACCEPTED[detected.mime] : undefined;
      if (!mediaType) throw new UploadError('UPLOAD.UNSUPPORTED_TYPE', `O arquivo '${fileName}' não é suportado. Apenas PDF, JPEG e PNG são aceitos.`);
      if (!looksComplete(bytes, mediaType)) throw new UploadError('UPLOAD.INVALID', `O arquivo '${fileName}' está corrompido ou incompleto.`);
      const result = await d.upload.execute(auth, { examId, fileName, mediaType, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
      if (!result.ok) throw result.error;
      const r = result.value;
      ctx.status = 201;
      ctx.body = {
        analysisSucceeded: r.analysisSucceeded, analysisPending: r.analysisPending, confidence: r.confidence,
        reviewPending: r.review !== null, readingId: r.review?.readingId ?? null, identityStatus: r.review?.identity.status ?? null,
        error: r.analysisSucceeded || r.analysisPending || r.review ? null : 'A análise automática falhou. Por favor, preencha os dados manualmente',
        file: { id: r.file.id, fileName: r.file.fileName, fileSizeBytes: r.file.sizeBytes, storageUrl: `/api/files/${r.file.id}/download`, mediaType: r.file.mediaType },
      };
    });

  routes.add({ method: 'get', path: '/files/:id/download', tag: 'Arquivos', summary: 'Baixa o arquivo (decifrado), só para a própria organização', params: z.object({ id: z.string().max(100) }), responses: { 200: { description: 'O arquivo' } } },
    async (ctx, { params }) => {
      const auth = await requireAuth(ctx, d.authenticate);
      const file = await d.files.findById(auth.organizationId, params.id);
      if (!file) throw new FileNotFoundError();
      const bytes = await d.storage.read(file.storageKey);
      ctx.type = file.mediaType;
      ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = Buffer.from(bytes);
    });

  routes.add({ method: 'get', path: '/exams/:id/readings', tag: 'Arquivos', summary: 'Leituras do exame retidas para revisão (arquivo de outra pessoa, confiança não alta ou exame já preenchido), a mais recente primeiro', params: idParams, responses: { 200: { description: 'ok', schema: examReadingListResponse } } },
    async (ctx, { params }) => {
      const result = await d.review.list(await requireAuth(ctx, d.authenticate), params.id);
      if (!result.ok) throw result.error;
      ctx.body = { items: result.value.map(toExamReadingResponse) };
    });

  routes.add({ method: 'post', path: '/exams/:id/readings/:readingId/apply', tag: 'Arquivos', summary: 'Aplica a leitura retida ao exame (confirmação do profissional): substitui os limiares e reclassifica', params: readingParams, responses: { 200: { description: 'Aplicada', schema: applyReadingResponse }, 409: { description: 'Já decidida' } } },
    async (ctx, { params }) => {
      const auth = await requireAuth(ctx, d.authenticate);
      const result = await d.review.apply(auth, params.id, params.readingId);
      if (!result.ok) throw result.error;
      const view = await d.queryExams.get(auth, params.id);
      if (!view.ok) throw view.error;
      ctx.body = { reading: toExamReadingResponse(result.value.reading), exam: toExamResponse(view.value, d.today()) };
    });

  routes.add({ method: 'post', path: '/exams/:id/readings/:readingId/discard', tag: 'Arquivos', summary: 'Descarta a leitura retida; o exame fica como estava (sem limiares: preenchimento manual)', params: readingParams, responses: { 200: { description: 'Descartada', schema: examReadingResponse }, 409: { description: 'Já decidida' } } },
    async (ctx, { params }) => {
      const result = await d.review.discard(await requireAuth(ctx, d.authenticate), params.id, params.readingId);
      if (!result.ok) throw result.error;
      ctx.body = toExamReadingResponse(result.value);
    });
}
