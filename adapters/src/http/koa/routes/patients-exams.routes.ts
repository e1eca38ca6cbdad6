import type { Context } from 'koa';
import { z } from 'zod';
import {
  displayAge, EXAM_TYPE_LABELS, toWireAudiogram, type Authenticate, type ExamView, type ManagePatients, type Patient, type QueryExams, type RecordExam,
  ageOnDate, type DeleteExam, type DesignateReferenceExam, type RecordExamOptions, type UpdateExamAudiogram, type UpdateExamDetails,
} from '../../../../../core/src';
import {
  deleteExamBody, designateReferenceBody, examDeletionResponse, entryFormExamBody, examFileResponse, examListQuery, examResponse, updateAudiogramBody, updateExamBody, wizardExamBody,
  type ExamResponse,
} from '../../contract/exams';
import { idParams, listQuery, patientBody, patientResponse, type PatientResponse } from '../../contract/patients';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { parseOr400, unwrap } from '../request-errors';
import { toAttributionResponse } from './attribution-response';

export interface PatientExamDeps {
  authenticate: Authenticate;
  patients: ManagePatients;
  recordExam: RecordExam;
  queryExams: QueryExams;
  updateAudiogram: UpdateExamAudiogram;
  designateReference: DesignateReferenceExam;
  updateExam: UpdateExamDetails;
  deleteExam: DeleteExam;
  today: () => Date;
}

export function toPatientResponse(p: Patient & { examCount?: number }, today: Date): PatientResponse {
  return {
    id: p.id, name: p.name, age: displayAge(p, today), sex: p.sex, birthDate: p.birthDate, cpf: p.cpf, phone: p.phone, email: p.email,
    address: p.address, company: p.companyName, companyId: p.companyId, jobTitle: p.jobTitle, archivedAt: p.archivedAt ? p.archivedAt.toISOString() : null,
    archivedBy: toAttributionResponse(p.archivedBy),
    createdAt: p.createdAt.toISOString(),
    examCount: p.examCount ?? 0,
  };
}

export function toExamResponse({ exam, patient }: ExamView, today: Date): ExamResponse {
  return {
    id: exam.id, date: exam.date, createdAt: exam.createdAt.toISOString(), operatorName: exam.operatorName, operatorCrm: exam.operatorCrm,
    operatorCrmState: exam.operatorCrmState, operatorRegistration: exam.operatorRegistration, patientId: patient.id, patientName: patient.name,
    patientSex: patient.sex, patientAge: displayAge(patient, today), patientAgeAtExam: ageOnDate(patient, exam.date), patientCompany: patient.companyName, observacoes: exam.observacoes,
    anamnese: exam.anamnese ?? null, meatoscopia: exam.meatoscopia ?? null, mascaramento: exam.mascaramento ?? null,
    audiogramDataId: exam.id, speechTestId: exam.speechTest ? exam.id : null, audiogram: toWireAudiogram(exam.right, exam.left),
    speechTest: exam.speechTest, ambienteJson: exam.ambienteJson, consultationType: exam.consultationType,
    consultationReason: exam.consultationReason, examType: exam.examType ?? null, examTypeLabel: exam.examType ? EXAM_TYPE_LABELS[exam.examType] : null,
    ambientNoiseDb: exam.ambientNoiseDb, calibrationDate: exam.calibrationDate,
    transducer: exam.transducer, acousticRestHours: exam.acousticRestHours, classification: exam.classification, rulesVersion: exam.rulesVersion,
    referenceDesignation: exam.referenceDesignation ?? null,
    recordedBy: toAttributionResponse(exam.recordedBy), updatedBy: toAttributionResponse(exam.updatedBy), imported: exam.imported ?? false,
  };
}

const WIZARD: RecordExamOptions = {
  strict: false,
  paths: { date: 'date', ambientNoiseDb: 'ambiente.ruidoDb', calibrationDate: 'ambiente.calibracaoAtual', operatorName: 'operatorName', operatorRegistration: 'operatorRegistration', acousticRestHours: 'repousoHoras', audiogram: 'audiogram' },
};
const ENTRY_FORM: RecordExamOptions = {
  strict: true,
  paths: { date: 'data_exame', ambientNoiseDb: 'ambiente.ruido_dB', calibrationDate: 'ambiente.calibracao_atual', operatorName: 'operador.nome', operatorRegistration: 'operador.registro', acousticRestHours: 'repouso_horas', audiogram: 'audiograma' },
};

/** Spec §7 patient and exam calls, organisation-scoped (another organisation's ids answer 404). */
export function patientExamRoutes(routes: ApiRoutes, d: PatientExamDeps): void {
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);
  const P = 'Pacientes';
  const E = 'Exames';

  routes.add({ method: 'get', path: '/patients', tag: P, summary: 'Lista pacientes ativos, ou com ?archived=true os arquivados (busca por nome sem acento/maiúsculas ou CPF); total em X-Total-Count', query: listQuery, responses: { 200: { description: 'Lista', schema: z.array(patientResponse) } } },
    async (ctx, { query }) => {
      const page = await d.patients.list(await auth(ctx), query);
      ctx.set('X-Total-Count', String(page.total));
      ctx.body = page.items.map((p) => toPatientResponse(p, d.today()));
    });

  routes.add({ method: 'post', path: '/patients', tag: P, summary: 'Cadastra paciente', body: patientBody, responses: { 201: { description: 'Criado', schema: patientResponse } } },
    async (ctx, { body }) => {
      const p = unwrap(await d.patients.register(await auth(ctx), body as never));
      ctx.status = 201;
      ctx.body = toPatientResponse(p, d.today());
    });

  routes.add({ method: 'get', path: '/patients/:id', tag: P, summary: 'Paciente', params: idParams, responses: { 200: { description: 'ok', schema: patientResponse } } },
    async (ctx, { params }) => {
      ctx.body = toPatientResponse(unwrap(await d.patients.get(await auth(ctx), params.id)), d.today());
    });

  routes.add({ method: 'put', path: '/patients/:id', tag: P, summary: 'Atualiza paciente (campos ausentes mantêm o valor)', params: idParams, body: patientBody.partial(), bodyCheckedByHandler: true, responses: { 200: { description: 'ok', schema: patientResponse } } },
    async (ctx, { params }) => {
      const raw = parseOr400(patientBody.partial(), (ctx.request as { body?: unknown }).body ?? {});
      const present = Object.fromEntries(Object.keys((ctx.request as { body?: Record<string, unknown> }).body ?? {}).map((k) => [k, (raw as Record<string, unknown>)[k]]));
      ctx.body = toPatientResponse(unwrap(await d.patients.update(await auth(ctx), params.id, present)), d.today());
    });

  routes.add({ method: 'delete', path: '/patients/:id', tag: P, summary: 'Arquiva o paciente: some das listas, buscas e contadores; exames, laudos e arquivos são mantidos (NR-7 7.6.1.1)', params: idParams, responses: { 204: { description: 'Arquivado' } } },
    async (ctx, { params }) => {
      unwrap(await d.patients.archive(await auth(ctx), params.id));
      ctx.status = 204;
    });

  routes.add({ method: 'post', path: '/patients/:id/restore', tag: P, summary: 'Restaura um paciente arquivado', params: idParams, responses: { 200: { description: 'ok', schema: patientResponse } } },
    async (ctx, { params }) => {
      ctx.body = toPatientResponse(unwrap(await d.patients.restore(await auth(ctx), params.id)), d.today());
    });

  routes.add({ method: 'get', path: '/patients/:id/exam-deletions', tag: P, summary: 'Exames excluídos do paciente (quem, quando, motivo)', params: idParams, responses: { 200: { description: 'ok', schema: z.array(examDeletionResponse) } } },
    async (ctx, { params }) => {
      const rows = unwrap(await d.deleteExam.history(await auth(ctx), params.id));
      ctx.body = rows.map((r) => ({
        id: r.id, examId: r.examId, examDate: r.examDate, reason: r.reason, deletedByName: r.deletedByName, deletedByMemberId: r.deletedByMemberId ?? null, deletedAt: r.deletedAt.toISOString(),
        hadDraftReport: !!r.snapshot.draftReportId,
      }));
    });

  routes.add({ method: 'get', path: '/patients/:id/evolution', tag: P, summary: 'Evolução por exames (NR-7 Anexo II, spec §3)', params: idParams, responses: { 200: { description: 'ok' } } },
    async (ctx, { params }) => {
      ctx.body = unwrap(await d.queryExams.evolution(await auth(ctx), params.id));
    });

  routes.add({ method: 'get', path: '/exams', tag: E, summary: 'Lista exames (?patientId=, busca por paciente, operador ou empresa); total em X-Total-Count', query: examListQuery, responses: { 200: { description: 'Lista', schema: z.array(examResponse) } } },
    async (ctx, { query }) => {
      const page = await d.queryExams.list(await auth(ctx), query);
      ctx.set('X-Total-Count', String(page.total));
      ctx.body = page.items.map((v) => toExamResponse(v, d.today()));
    });

  routes.add({ method: 'post', path: '/exams', tag: E, summary: 'Registra exame (formulário ou assistente, spec §3) e o classifica', body: z.union([wizardExamBody, entryFormExamBody]), bodyCheckedByHandler: true, responses: { 201: { description: 'Criado', schema: examResponse } } },
    async (ctx) => {
      const who = await auth(ctx);
      const raw = (ctx.request as { body?: Record<string, unknown> }).body ?? {};
      let exam;
      if ('paciente' in raw || 'data_exame' in raw) {
        const b = parseOr400(entryFormExamBody, raw);
        const details = {
          date: b.data_exame, operatorName: b.operador.nome, operatorRegistration: b.operador.registro, ambientNoiseDb: b.ambiente.ruido_dB,
          calibrationDate: b.ambiente.calibracao_atual, transducer: b.ambiente.transdutor, acousticRestHours: b.repouso_horas,
          observacoes: b.observacoes, air: b.audiograma.air, bone: b.audiograma.bone, speechTest: b.speechTest,
          anamnese: b.anamnese, meatoscopia: b.meatoscopia, mascaramento: b.mascaramento, examType: b.examType,
        };
        exam = b.patientId
          ? await d.recordExam.forPatient(who, b.patientId, details, ENTRY_FORM)
          : await d.recordExam.withNewPatient(who, { name: b.paciente.nome, age: b.paciente.idade, sex: b.paciente.sexo }, details, ENTRY_FORM);
      } else {
        const b = parseOr400(wizardExamBody, raw);
        exam = await d.recordExam.forPatient(who, b.patientId, {
          date: b.date, operatorName: b.operatorName, operatorRegistration: b.operatorRegistration, consultationType: b.consultationType,
          consultationReason: b.consultationReason, examType: b.examType, ambientNoiseDb: b.ambiente?.ruidoDb, calibrationDate: b.ambiente?.calibracaoAtual,
          transducer: b.ambiente?.transdutor, acousticRestHours: b.repousoHoras, observacoes: b.observacoes, air: b.audiogram?.air,
          bone: b.audiogram?.bone, speechTest: b.speechTest, anamnese: b.anamnese, meatoscopia: b.meatoscopia, mascaramento: b.mascaramento,
        }, WIZARD);
      }
      const created = unwrap(exam);
      ctx.status = 201;
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(who, created.id)), d.today());
    });

  routes.add({ method: 'get', path: '/exams/:id', tag: E, summary: 'Exame (consultado a cada 5 s enquanto a IA lê o audiograma)', params: idParams, responses: { 200: { description: 'ok', schema: examResponse } } },
    async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(await auth(ctx), params.id)), d.today());
    });

  routes.add({ method: 'patch', path: '/exams/:id', tag: E, summary: 'Corrige data, operador, equipamento, condições, observações e campos clínicos; reclassifica o histórico do trabalhador', params: idParams, body: updateExamBody, responses: { 200: { description: 'ok', schema: examResponse } } },
    async (ctx, { params, body }) => {
      const who = await auth(ctx);
      unwrap(await d.updateExam.execute(who, params.id, body));
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(who, params.id)), d.today());
    });

  routes.add({ method: 'delete', path: '/exams/:id', tag: E, summary: 'Exclui o exame (motivo obrigatório, 10–500 caracteres); recusado (409) se um laudo finalizado depende dele; o rascunho de laudo do exame é descartado; registro da exclusão mantido', params: idParams, body: deleteExamBody, responses: { 204: { description: 'Excluído' } } },
    async (ctx, { params, body }) => {
      unwrap(await d.deleteExam.execute(await auth(ctx), params.id, body.reason));
      ctx.status = 204;
    });

  routes.add({ method: 'put', path: '/exams/:id/reference', tag: E, summary: 'Designa o exame como exame de referência (motivo obrigatório); reclassifica os exames do trabalhador', params: idParams, body: designateReferenceBody, responses: { 200: { description: 'ok', schema: examResponse } } },
    async (ctx, { params, body }) => {
      const who = await auth(ctx);
      unwrap(await d.designateReference.execute(who, params.id, body.reason));
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(who, params.id)), d.today());
    });

  routes.add({ method: 'delete', path: '/exams/:id/reference', tag: E, summary: 'Remove a designação de exame de referência; reclassifica os exames do trabalhador', params: idParams, responses: { 200: { description: 'ok', schema: examResponse } } },
    async (ctx, { params }) => {
      const who = await auth(ctx);
      unwrap(await d.designateReference.execute(who, params.id, null));
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(who, params.id)), d.today());
    });

  routes.add({ method: 'get', path: '/exams/:id/files', tag: E, summary: 'Arquivos do exame', params: idParams, responses: { 200: { description: 'ok', schema: z.array(examFileResponse) } } },
    async (ctx, { params }) => {
      const files = unwrap(await d.queryExams.listFiles(await auth(ctx), params.id));
      ctx.body = files.map((f) => ({ id: f.id, storageUrl: `/api/files/${f.id}/download`, fileName: f.fileName, fileSizeBytes: f.sizeBytes, mediaType: f.mediaType, createdAt: f.createdAt.toISOString() }));
    });

  routes.add({ method: 'put', path: '/exams/:id/audiogram', tag: E, summary: 'Substitui os limiares (grade de revisão) e reclassifica', params: idParams, body: updateAudiogramBody, responses: { 200: { description: 'ok', schema: examResponse } } },
    async (ctx, { params, body }) => {
      const who = await auth(ctx);
      unwrap(await d.updateAudiogram.execute(who, params.id, body.audiogram));
      ctx.body = toExamResponse(unwrap(await d.queryExams.get(who, params.id)), d.today());
    });

  routes.add({ method: 'get', path: '/dashboard/summary', tag: 'Dashboard', summary: 'Contadores do dashboard', responses: { 200: { description: 'ok', schema: z.object({ patients: z.number(), exams: z.number(), reports: z.number(), examsThisMonth: z.number() }) } } },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = unwrap(await d.queryExams.dashboardCounts(await auth(ctx)));
    });
}
