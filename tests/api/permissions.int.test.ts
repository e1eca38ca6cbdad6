import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, cnpjWithCheckDigits, PERMISSIONS, ROLES, requireFinalizePermission, requirePermission, type Action, type ForbiddenError, type Result, type Role } from '../../core/src';
import { prng, renderLayout, writeTextPdf, type ThresholdSet } from '../fixtures/audiogram-generator';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';
import { cpfFrom } from '../support/cpf';

/**
 * Issue 18 acceptance: every cell of the permission table through the real API. The cells come from
 * `PERMISSIONS` and `ROLES` (core): for each action, each probe is a real request that performs it;
 * a member holding one role gets the probe's 2xx when the table allows it and 403 AUTH.FORBIDDEN with
 * the core's pt-BR message when it does not, and a refused call changes nothing. A member of another
 * organisation holding an allowed role gets 404 for every probe that targets an existing record.
 * Changing the table changes these tests; adding an action without a probe fails them.
 */

let t: TestServer;
/** Organisation A's founder (administrador + médico): prepares every target. */
let admin: Account;
const SOLO = 'administrador + medico (the founder, a solo professional)';
/** The columns: organisation A's members, one per single role of ROLES, and the founder. */
const COLUMNS: { label: string; roles: Role[] }[] = [...ROLES.map((role) => ({ label: role as string, roles: [role] })), { label: SOLO, roles: ['administrador', 'medico'] }];
const accounts = new Map<string, Account>();
/** Organisation B: one member per single role. */
const others = new Map<Role, Account>();
/** A worker with an exam and a finalised laudo, read by every member. */
let shared: { patientId: string; examId: string; reportId: string };

type Json = Record<string, unknown>;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

const air = (v: number[], l = v) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: l[i] }]));
const NOTCH = air([10, 10, 15, 40, 50, 45, 20], [10, 10, 10, 15, 20, 15, 10]);
const NEXO_ANSWERS = { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: '10', funcaoRuidosa: 'sim', usoEPI: 'nao' };
const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const notchSet: ThresholdSet = {
  origin: 'test:permissions',
  right: { air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 35, 4000: 50, 6000: 40, 8000: 25 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 30, 4000: 45 } },
  left: { air: { 250: 10, 500: 15, 1000: 15, 2000: 25, 3000: 30, 4000: 45, 6000: 45, 8000: 30 }, bone: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 40 } },
};
/** A high-confidence text PDF naming someone else: the upload holds the reading for review (issue 14). */
const pdfOfAnotherPerson = () => writeTextPdf([renderLayout('A', notchSet, prng(18), { name: 'João Pedro Araújo', cpf: '11144477735', birthDate: '1979-08-30' })]);

async function call(path: string, init: RequestInit, status: number) {
  const res = await t.request(path, init);
  const text = await res.text();
  expect(res.status, `${init.method ?? 'GET'} ${path} → ${res.status} ${text}`).toBe(status);
  return text ? JSON.parse(text) : undefined;
}
const asAdmin = {
  get: (path: string, status = 200) => call(path, bearer(admin.token), status),
  post: (path: string, body: unknown, status = 201) => call(path, json(body, admin.token), status),
  send: (method: string, path: string, body: unknown, status = 200) => call(path, json(body, admin.token, method), status),
};
const send = (who: Account, method: string, path: string, body?: unknown) =>
  t.request(path, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
function upload(who: Account, examId: string, bytes: Uint8Array, fileName: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  form.set('examId', examId);
  form.set('uploadedBy', who.user.id);
  return t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${who.token}` } });
}

// --- targets, created by the founder (administrador + médico) -----------------------------------------
const newWorker = async (name = `Trabalhador ${unique()}`) => (await asAdmin.post('/api/patients', { name, age: 45, sex: 'M', company: 'Metalúrgica Permissões' })).id as string;
async function newExam(thresholds = true) {
  const patientId = await newWorker();
  const exam = await asAdmin.post('/api/exams', { patientId, date: '2024-04-01', repousoHoras: 14, ...(thresholds ? { audiogram: { air: NOTCH } } : {}) });
  return { patientId, examId: exam.id as string };
}
async function newDraft(type: 'simple' | 'nexo-causal') {
  const { patientId, examId } = await newExam();
  const report = await asAdmin.post(`/api/reports/generate/${examId}`, type === 'simple' ? { audiometryType: 'simple' } : { audiometryType: 'nexo-causal', nexoCausalData: NEXO_ANSWERS });
  return { patientId, examId, reportId: report.id as string, draftJson: report.draftJson as string };
}
async function newHeldReading() {
  const patientId = await newWorker('Ana Paula Souza Lima');
  const { id: examId } = await asAdmin.post('/api/exams', { patientId, date: '2025-03-10' });
  const res = await upload(admin, examId, pdfOfAnotherPerson(), 'outra-pessoa.pdf');
  const body = await res.json();
  expect(body, JSON.stringify(body)).toMatchObject({ reviewPending: true, identityStatus: 'mismatch' });
  return { examId, readingId: body.readingId as string };
}

// --- the probes -------------------------------------------------------------------------------------------
interface Probe<T = Json> {
  /** The request, as the report names it. */
  name: string;
  /** The status of the allowed call. */
  status: number;
  /** A fresh target for one cell (the call may consume it), prepared by the founder. */
  setup?: () => Promise<T>;
  call: (who: Account, target: T) => Promise<Response>;
  /** What the founder reads of the target: a refused call leaves it equal; an allowed one changes it (unless `readOnly`). */
  read?: (target: T) => Promise<unknown>;
  readOnly?: boolean;
  /** The call names an existing record: another organisation gets 404. */
  targetsRecord?: boolean;
  /** The core's decision for these roles; default `requirePermission(action)`. */
  decide?: (roles: Role[]) => Result<void, ForbiddenError>;
  /** Runs one cell at a time (the target is shared by the organisation: its settings). */
  serial?: boolean;
}
const probe = <T,>(p: Probe<T>) => p as unknown as Probe;

const examView = (examId: string) => asAdmin.get(`/api/exams/${examId}`);
const reportOf = async (reportId: string) => {
  const r = await asAdmin.get(`/api/reports/${reportId}`);
  return { status: r.status, draftJson: r.draftJson, pdfSha256: r.pdfSha256, finalizedAt: r.finalizedAt };
};
const readingsOf = async (examId: string) => (await asAdmin.get(`/api/exams/${examId}/readings`)).items.map((r: Json) => [r.id, r.status]);
/** A company with one sector and one GHE (issue 19), prepared by the founder. */
async function newCompany() {
  const companyId = (await asAdmin.post('/api/companies', { name: `Empresa Permissões ${unique()}` })).id as string;
  const sectorId = (await asAdmin.post(`/api/companies/${companyId}/sectors`, { name: 'Prensas' })).id as string;
  const gheId = (await asAdmin.post(`/api/companies/${companyId}/ghes`, { name: 'GHE 01', sectorId })).id as string;
  return { companyId, sectorId, gheId };
}
const companyOf = (companyId: string) => asAdmin.get(`/api/companies/${companyId}`);
const employmentsOf = async (patientId: string) => (await asAdmin.get(`/api/patients/${patientId}/employments`)).employments;

/** An exam of a worker with CPF, employed (matrícula) by a company with CNPJ: what an ASO needs (issue 21). */
let asoSeq = 0;
async function newAsoExam() {
  const n = ++asoSeq; // taken once: the cells prepare their targets concurrently
  const cnpj = `${String(10_000_000 + n).slice(-8)}0001`;
  const companyId = (await asAdmin.post('/api/companies', { name: `Empresa ASO ${unique()}`, cnpj: cnpjWithCheckDigits(cnpj) })).id as string;
  const patientId = (await asAdmin.post('/api/patients', { name: `Trabalhador ${unique()}`, age: 40, sex: 'M', cpf: cpfFrom(300_000_000 + n * 7919) })).id as string;
  await asAdmin.post(`/api/patients/${patientId}/employments`, { companyId, registration: `P-${n}`, admissionDate: '2020-01-02' });
  const examId = (await asAdmin.post('/api/exams', { patientId, date: '2024-04-01', examType: 'periodico', audiogram: { air: NOTCH } })).id as string;
  return { patientId, examId };
}
/** One entry per action of the table; a missing one fails the first test below. */
const PROBES: Partial<Record<Action, Probe[]>> = {
  'team.manage': [
    { name: 'GET /api/team/members', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/team/members') },
    { name: 'GET /api/team/invitations', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/team/invitations') },
    probe({
      name: 'POST /api/team/invitations', status: 201, setup: async () => ({ email: `convite${unique()}@clinica.com.br` }),
      call: (who, { email }) => send(who, 'POST', '/api/team/invitations', { email, roles: ['tecnico'] }),
      read: async ({ email }) => (await asAdmin.get('/api/team/invitations')).invitations.filter((i: Json) => i.email === email).length,
    }),
    probe({
      name: 'DELETE /api/team/invitations/:id', status: 204, targetsRecord: true,
      setup: async () => ({ id: (await asAdmin.post('/api/team/invitations', { email: `revogar${unique()}@clinica.com.br`, roles: ['seguranca'] })).invitation.id as string }),
      call: (who, { id }) => send(who, 'DELETE', `/api/team/invitations/${id}`),
      read: async ({ id }) => (await asAdmin.get('/api/team/invitations')).invitations.some((i: Json) => i.id === id),
    }),
    probe({
      name: 'PUT /api/team/members/:id/roles', status: 200, targetsRecord: true,
      setup: async () => ({ memberId: (await inviteMember(t, admin, ['tecnico'])).memberId }),
      call: (who, { memberId }) => send(who, 'PUT', `/api/team/members/${memberId}/roles`, { roles: ['seguranca'] }),
      read: async ({ memberId }) => (await asAdmin.get('/api/team/members')).members.find((m: Json) => m.id === memberId)?.roles,
    }),
    probe({
      name: 'POST /api/team/members/:id/deactivate', status: 200, targetsRecord: true,
      setup: async () => ({ memberId: (await inviteMember(t, admin, ['tecnico'])).memberId }),
      call: (who, { memberId }) => send(who, 'POST', `/api/team/members/${memberId}/deactivate`),
      read: async ({ memberId }) => (await asAdmin.get('/api/team/members')).members.find((m: Json) => m.id === memberId)?.status,
    }),
    probe({
      name: 'PUT /api/organization (laudo header)', status: 200, serial: true,
      setup: async () => ({ name: `Clínica Permissões ${unique()}` }),
      call: (who, { name }) => send(who, 'PUT', '/api/organization', { name, cnpj: '11.222.333/0001-81', phone: '(11) 3333-4444' }),
      read: async () => (await asAdmin.get('/api/organization')).name,
    }),
    { name: 'GET /api/embed-tokens', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/embed-tokens') },
    probe({
      name: 'POST /api/embed-tokens', status: 201, targetsRecord: true,
      setup: async () => ({ name: `Portal RH ${unique()}`, patientId: await newWorker() }),
      call: (who, { name, patientId }) => send(who, 'POST', '/api/embed-tokens', { name, scope: 'patient', patientId, allowedOrigins: ['https://rh.example.com.br'] }),
      read: async ({ name }) => (await asAdmin.get('/api/embed-tokens')).filter((e: Json) => e.name === name).length,
    }),
  ],
  'workers.write': [
    probe({
      name: 'POST /api/patients', status: 201, setup: async () => ({ name: `Novo Trabalhador ${unique()}` }),
      call: (who, { name }) => send(who, 'POST', '/api/patients', { name, age: 30, sex: 'F' }),
      read: async ({ name }) => (await asAdmin.get(`/api/patients?q=${encodeURIComponent(name)}`)).length,
    }),
    probe({
      name: 'PUT /api/patients/:id', status: 200, targetsRecord: true, setup: async () => ({ id: await newWorker() }),
      call: (who, { id }) => send(who, 'PUT', `/api/patients/${id}`, { phone: '(11) 98765-4321', jobTitle: 'Soldador' }),
      read: async ({ id }) => { const p = await asAdmin.get(`/api/patients/${id}`); return [p.phone, p.jobTitle]; },
    }),
    probe({
      name: 'POST /api/patients/:id/employments (admission)', status: 201, targetsRecord: true,
      setup: async () => ({ patientId: await newWorker(), ...(await newCompany()) }),
      call: (who, { patientId, companyId }) => send(who, 'POST', `/api/patients/${patientId}/employments`, { companyId, admissionDate: '2024-02-01' }),
      read: async ({ patientId }) => employmentsOf(patientId),
    }),
    probe({
      name: 'POST /api/patients/:id/employments/:employmentId/transfer', status: 201, targetsRecord: true,
      setup: async () => {
        const patientId = await newWorker();
        const c = await newCompany();
        const employmentId = (await asAdmin.post(`/api/patients/${patientId}/employments`, { companyId: c.companyId, admissionDate: '2024-02-01' })).id as string;
        return { patientId, employmentId, ...c };
      },
      call: (who, { patientId, employmentId, gheId }) => send(who, 'POST', `/api/patients/${patientId}/employments/${employmentId}/transfer`, { date: '2025-03-03', gheId }),
      read: async ({ patientId }) => employmentsOf(patientId),
    }),
    probe({
      name: 'PUT /api/patients/:id/employments/:employmentId', status: 200, targetsRecord: true,
      setup: async () => {
        const patientId = await newWorker();
        const c = await newCompany();
        const employmentId = (await asAdmin.post(`/api/patients/${patientId}/employments`, { companyId: c.companyId, admissionDate: '2024-02-01' })).id as string;
        return { patientId, employmentId };
      },
      call: (who, { patientId, employmentId }) => send(who, 'PUT', `/api/patients/${patientId}/employments/${employmentId}`, { jobTitle: 'Soldador', registration: 'M-1' }),
      read: async ({ patientId }) => employmentsOf(patientId),
    }),
  ],
  'exams.write': [
    probe({
      name: 'POST /api/exams', status: 201, targetsRecord: true, setup: async () => ({ patientId: await newWorker() }),
      call: (who, { patientId }) => send(who, 'POST', '/api/exams', { patientId, date: '2025-01-15', audiogram: { air: NOTCH } }),
      read: async ({ patientId }) => (await asAdmin.get(`/api/exams?patientId=${patientId}`)).length,
    }),
    probe({
      name: 'PATCH /api/exams/:id', status: 200, targetsRecord: true, setup: () => newExam(),
      call: (who, { examId }) => send(who, 'PATCH', `/api/exams/${examId}`, { observacoes: 'Corrigido: meatoscopia sem alterações.' }),
      read: async ({ examId }) => (await examView(examId)).observacoes,
    }),
    probe({
      name: 'PUT /api/exams/:id/audiogram', status: 200, targetsRecord: true, setup: () => newExam(false),
      call: (who, { examId }) => send(who, 'PUT', `/api/exams/${examId}/audiogram`, { audiogram: { air: NOTCH } }),
      read: async ({ examId }) => { const e = await examView(examId); return [e.audiogram, e.classification]; },
    }),
    probe({
      name: 'POST /api/files/upload (multipart)', status: 201, targetsRecord: true, setup: () => newExam(false),
      call: (who, { examId }) => upload(who, examId, png1x1, 'audiograma.png'),
      read: async ({ examId }) => (await asAdmin.get(`/api/exams/${examId}/files`)).length,
    }),
    probe({
      name: 'POST /api/exams/:id/readings/:readingId/apply', status: 200, targetsRecord: true, setup: newHeldReading,
      call: (who, { examId, readingId }) => send(who, 'POST', `/api/exams/${examId}/readings/${readingId}/apply`),
      read: async ({ examId }) => [await readingsOf(examId), (await examView(examId)).audiogram],
    }),
    probe({
      name: 'POST /api/exams/:id/readings/:readingId/discard', status: 200, targetsRecord: true, setup: newHeldReading,
      call: (who, { examId, readingId }) => send(who, 'POST', `/api/exams/${examId}/readings/${readingId}/discard`),
      read: async ({ examId }) => readingsOf(examId),
    }),
  ],
  'exams.designate-reference': [
    probe({
      name: 'PUT /api/exams/:id/reference', status: 200, targetsRecord: true, setup: () => newExam(),
      call: (who, { examId }) => send(who, 'PUT', `/api/exams/${examId}/reference`, { reason: 'O primeiro exame foi feito sem o repouso de 14 h.' }),
      read: async ({ examId }) => (await examView(examId)).referenceDesignation,
    }),
    probe({
      name: 'DELETE /api/exams/:id/reference', status: 200, targetsRecord: true,
      setup: async () => {
        const target = await newExam();
        await asAdmin.send('PUT', `/api/exams/${target.examId}/reference`, { reason: 'Designado para o teste de permissões.' });
        return target;
      },
      call: (who, { examId }) => send(who, 'DELETE', `/api/exams/${examId}/reference`),
      read: async ({ examId }) => (await examView(examId)).referenceDesignation,
    }),
  ],
  'laudo.draft': [
    probe({
      name: 'POST /api/reports/generate/:examId', status: 201, targetsRecord: true, setup: () => newExam(),
      call: (who, { examId }) => send(who, 'POST', `/api/reports/generate/${examId}`, { audiometryType: 'simple' }),
      read: async ({ examId }) => (await asAdmin.get(`/api/reports/exam/${examId}`))?.id ?? null,
    }),
    probe({
      name: 'PUT /api/reports/:id', status: 200, targetsRecord: true, setup: () => newDraft('simple'),
      call: (who, { reportId, draftJson }) => send(who, 'PUT', `/api/reports/${reportId}`, { draftJson: JSON.stringify({ ...JSON.parse(draftJson), summary_text: 'Resumo revisado.' }) }),
      read: async ({ reportId }) => reportOf(reportId),
    }),
    probe({
      name: 'POST /api/reports/:id/refresh', status: 200, targetsRecord: true, readOnly: true, setup: () => newDraft('simple'),
      call: (who, { reportId }) => send(who, 'POST', `/api/reports/${reportId}/refresh`),
      read: async ({ reportId }) => reportOf(reportId),
    }),
  ],
  'laudo.finalize': [
    probe({
      name: "POST /api/reports/:id/finalize ('simple' laudo)", status: 200, targetsRecord: true, setup: () => newDraft('simple'),
      call: (who, { reportId }) => send(who, 'POST', `/api/reports/${reportId}/finalize`, {}),
      read: async ({ reportId }) => reportOf(reportId),
    }),
    probe({
      name: "POST /api/reports/:id/finalize ('nexo-causal' laudo: the physician's, NR-7 Anexo II item 6)", status: 200, targetsRecord: true,
      setup: () => newDraft('nexo-causal'),
      call: (who, { reportId }) => send(who, 'POST', `/api/reports/${reportId}/finalize`, {}),
      read: async ({ reportId }) => reportOf(reportId),
      decide: (roles) => requireFinalizePermission({ roles }, 'nexo-causal'),
    }),
    probe({
      name: "POST /api/reports/:id/amend ('simple' laudo: opens version 2, issue 20)", status: 201, targetsRecord: true,
      setup: async () => {
        const draft = await newDraft('simple');
        expect((await send(admin, 'POST', `/api/reports/${draft.reportId}/finalize`, {})).status).toBe(200);
        return draft;
      },
      call: (who, { reportId }) => send(who, 'POST', `/api/reports/${reportId}/amend`, { reason: 'Correção do limiar de 4 kHz da orelha esquerda.' }),
      read: async ({ examId }) => (await asAdmin.get(`/api/reports/exam/${examId}`))?.version ?? null,
    }),
    probe({
      name: 'POST /api/exams/:examId/asos (issues the ASO, issue 21)', status: 201, targetsRecord: true, setup: newAsoExam,
      call: (who, { examId }) => send(who, 'POST', `/api/exams/${examId}/asos`, { asoDate: '2024-04-02', result: 'apto', physician: { name: 'Dra. Ana Souza', crm: '123456', uf: 'SP' } }),
      read: async ({ examId }) => (await asAdmin.get(`/api/exams/${examId}/asos`)).items.length,
    }),
  ],
  'dashboards.export': [
    probe({
      name: 'POST /api/asos/:id/s2220 (generates the eSocial event, issue 21)', status: 201, targetsRecord: true,
      setup: async () => {
        const { examId } = await newAsoExam();
        return { asoId: (await asAdmin.post(`/api/exams/${examId}/asos`, { asoDate: '2024-04-02', result: 'apto' })).id as string };
      },
      call: (who, { asoId }) => send(who, 'POST', `/api/asos/${asoId}/s2220`),
      read: async ({ asoId }) => (await asAdmin.get(`/api/asos/${asoId}`)).event.status,
    }),
    { name: 'GET /api/dashboard/summary', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/dashboard/summary') },
    { name: 'GET /api/exams/export.csv', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/exams/export.csv') },
    { name: 'GET /api/patients/export.csv', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/patients/export.csv') },
    { name: 'GET /api/reports/export.csv', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/reports/export.csv') },
  ],
  'programme.manage': [
    probe({
      name: 'POST /api/companies', status: 201, setup: async () => ({ name: `Nova Empresa ${unique()}` }),
      call: (who, { name }) => send(who, 'POST', '/api/companies', { name }),
      read: async ({ name }) => (await asAdmin.get(`/api/companies?q=${encodeURIComponent(name)}`)).length,
    }),
    probe({
      name: 'PUT /api/companies/:id', status: 200, targetsRecord: true, setup: newCompany,
      call: (who, { companyId }) => send(who, 'PUT', `/api/companies/${companyId}`, { riskGrade: 3, contactEmail: 'rh@empresa.com.br' }),
      read: async ({ companyId }) => (await companyOf(companyId)).company,
    }),
    probe({
      name: 'POST /api/companies/:id/sectors', status: 201, targetsRecord: true, setup: newCompany,
      call: (who, { companyId }) => send(who, 'POST', `/api/companies/${companyId}/sectors`, { name: 'Solda' }),
      read: async ({ companyId }) => (await companyOf(companyId)).sectors,
    }),
    probe({
      name: 'PUT /api/companies/:id/sectors/:sectorId', status: 200, targetsRecord: true, setup: newCompany,
      call: (who, { companyId, sectorId }) => send(who, 'PUT', `/api/companies/${companyId}/sectors/${sectorId}`, { name: 'Prensas e corte' }),
      read: async ({ companyId }) => (await companyOf(companyId)).sectors,
    }),
    probe({
      name: 'POST /api/companies/:id/ghes', status: 201, targetsRecord: true, setup: newCompany,
      call: (who, { companyId }) => send(who, 'POST', `/api/companies/${companyId}/ghes`, { name: 'GHE 02', exposure: { metric: 'LAVG', levelDbA: 86 } }),
      read: async ({ companyId }) => (await companyOf(companyId)).ghes,
    }),
    probe({
      name: 'PUT /api/companies/:id/ghes/:gheId (exposure)', status: 200, targetsRecord: true, setup: newCompany,
      call: (who, { companyId, gheId }) => send(who, 'PUT', `/api/companies/${companyId}/ghes/${gheId}`, { exposure: { metric: 'LAVG', levelDbA: 88, assessedAt: '2026-01-15' } }),
      read: async ({ companyId }) => (await companyOf(companyId)).ghes,
    }),
  ],
  'records.delete': [
    probe({
      name: 'DELETE /api/exams/:id (with a reason)', status: 204, targetsRecord: true, setup: () => newExam(),
      call: (who, { examId }) => send(who, 'DELETE', `/api/exams/${examId}`, { reason: 'Exame lançado no trabalhador errado.' }),
      read: async ({ examId }) => (await t.request(`/api/exams/${examId}`, bearer(admin.token))).status,
    }),
    probe({
      name: 'DELETE /api/patients/:id (archive)', status: 204, targetsRecord: true, setup: async () => ({ id: await newWorker() }),
      call: (who, { id }) => send(who, 'DELETE', `/api/patients/${id}`),
      read: async ({ id }) => (await asAdmin.get(`/api/patients/${id}`)).archivedAt,
    }),
    probe({
      name: 'POST /api/patients/:id/restore', status: 200, targetsRecord: true,
      setup: async () => {
        const id = await newWorker();
        await asAdmin.send('DELETE', `/api/patients/${id}`, {}, 204);
        return { id };
      },
      call: (who, { id }) => send(who, 'POST', `/api/patients/${id}/restore`),
      read: async ({ id }) => (await asAdmin.get(`/api/patients/${id}`)).archivedAt,
    }),
  ],
  // LGPD (issue 20): the worker's data export and the deletion requests (deciding one needs a public request per cell:
  // the public form's limit per address would refuse them; tests/api/lgpd.int.test.ts covers approve and refuse)
  'privacy.manage': [
    { name: 'GET /api/privacy/deletion-requests', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/privacy/deletion-requests') },
    probe({
      name: 'GET /api/patients/:id/lgpd-export', status: 200, readOnly: true, targetsRecord: true, setup: async () => ({ id: await newWorker() }),
      call: (who, { id }) => send(who, 'GET', `/api/patients/${id}/lgpd-export`),
    }),
  ],
  // the audit trail (issue 20): who read or wrote what
  'audit.read': [
    { name: 'GET /api/audit', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/audit?limit=5') },
    { name: 'GET /api/audit.csv', status: 200, readOnly: true, call: (who) => send(who, 'GET', '/api/audit.csv?action=create') },
    probe({
      name: 'GET /api/patients/:id/access-log', status: 200, readOnly: true, targetsRecord: true, setup: async () => ({ id: await newWorker() }),
      call: (who, { id }) => send(who, 'GET', `/api/patients/${id}/access-log`),
    }),
  ],
};

/** The decision and message the core gives these roles for this probe. */
const decisionOf = (action: Action, p: Probe, roles: Role[]) => (p.decide ?? ((r: Role[]) => requirePermission({ roles: r }, action)))(roles);

let serialTail: Promise<unknown> = Promise.resolve();
/** Cells of a `serial` probe run one after another (they change the organisation's own settings). */
function serially<T>(p: Probe, run: () => Promise<T>): Promise<T> {
  if (!p.serial) return run();
  const next = serialTail.then(run, run);
  serialTail = next.catch(() => undefined);
  return next;
}

async function runCell(action: Action, p: Probe, who: Account, roles: Role[]) {
  return serially(p, async () => {
    const target = p.setup ? await p.setup() : ({} as Json);
    const before = p.read ? await p.read(target) : undefined;
    const res = await p.call(who, target);
    const text = await res.text();
    const decision = decisionOf(action, p, roles);
    const where = `${p.name} as [${roles.join(', ')}] → ${res.status} ${text.slice(0, 300)}`;
    if (decision.ok) {
      expect(res.status, where).toBe(p.status);
      if (p.read && !p.readOnly) expect(await p.read(target), `${where}: the allowed call changed nothing`).not.toEqual(before);
    } else {
      expect(res.status, where).toBe(403);
      expect(JSON.parse(text), where).toMatchObject({ code: 'AUTH.FORBIDDEN', message: decision.error.message });
      if (p.read) expect(await p.read(target), `${where}: the refused call changed the record`).toEqual(before);
    }
  });
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await registerAccount(t, { name: 'Dra. Fundadora Permissões' });
  const otherFounder = await registerAccount(t);
  const [mine, theirs] = await Promise.all([
    Promise.all(ROLES.map((role) => inviteMember(t, admin, [role]))),
    Promise.all(ROLES.map((role) => inviteMember(t, otherFounder, [role]))),
  ]);
  ROLES.forEach((role, i) => {
    accounts.set(role, mine[i]);
    others.set(role, theirs[i]);
  });
  accounts.set(SOLO, admin);
  // one finalised laudo: the laudo export has rows, and every member reads it
  shared = await newDraft('simple');
  await asAdmin.post(`/api/reports/${shared.reportId}/finalize`, {}, 200);
}, 120_000);
afterAll(() => t?.close());

describe('the matrix is generated from the table', () => {
  it('every action of ACTIONS has at least one probe, and no probe names an unknown action', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...ACTIONS].sort());
    for (const action of ACTIONS) expect(PROBES[action]?.length ?? 0, `no probe for '${action}'`).toBeGreaterThan(0);
  });

  it('the members hold the roles the cells are about', async () => {
    for (const m of COLUMNS) {
      const me = await (await t.request('/api/auth/me', bearer(accounts.get(m.label)!.token))).json();
      expect(me.roles, m.label).toEqual(m.roles);
      expect(me.permissions, m.label).toEqual(ACTIONS.filter((a) => m.roles.some((r) => PERMISSIONS[a].includes(r))));
    }
  });
});

describe.concurrent.each(ACTIONS.map((action) => [action] as const))('%s', (action) => {
  const probes = PROBES[action] ?? [];

  it.each(COLUMNS.map((c) => [c.label, c.roles] as const))("as %s: allowed → the probe's 2xx, refused → 403 and nothing changed", async (label, roles) => {
    expect(probes.length, `no probe for '${action}'`).toBeGreaterThan(0);
    await Promise.all(probes.map((p) => runCell(action, p, accounts.get(label)!, [...roles])));
  }, 60_000);

  it("another organisation's member with an allowed role gets 404, never 403 nor the data, and nothing changes", async () => {
    expect(probes.length, `no probe for '${action}'`).toBeGreaterThan(0);
    const targeting = probes.filter((p) => p.targetsRecord);
    await Promise.all(targeting.map(async (p) => {
      const target = p.setup ? await p.setup() : ({} as Json);
      const before = p.read ? await p.read(target) : undefined;
      const allowed = ROLES.filter((role) => decisionOf(action, p, [role]).ok);
      expect(allowed.length, p.name).toBeGreaterThan(0);
      for (const role of allowed) {
        const res = await p.call(others.get(role)!, target);
        const text = await res.text();
        expect(res.status, `${p.name} as another organisation's ${role} → ${res.status} ${text.slice(0, 300)}`).toBe(404);
        expect(Object.keys(JSON.parse(text)).sort(), p.name).toEqual(['code', 'error', 'message']);
      }
      if (p.read) expect(await p.read(target), `${p.name}: another organisation changed the record`).toEqual(before);
    }));
  }, 60_000);
});

describe('the nexo-causal cell, spelled out', () => {
  it("a fonoaudiólogo finalises the simple laudo but not the nexo-causal one (403, item 6); a médico finalises it", async () => {
    const fono = accounts.get('fonoaudiologo')!;
    const medico = accounts.get('medico')!;
    const [simple, nexo] = await Promise.all([newDraft('simple'), newDraft('nexo-causal')]);
    expect((await send(fono, 'POST', `/api/reports/${simple.reportId}/finalize`, {})).status).toBe(200);
    const refused = await send(fono, 'POST', `/api/reports/${nexo.reportId}/finalize`, {});
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toContain('NR-7, Anexo II, item 6');
    expect((await reportOf(nexo.reportId)).status).toBe('Draft');
    expect((await send(medico, 'POST', `/api/reports/${nexo.reportId}/finalize`, {})).status).toBe(200);
    expect((await reportOf(nexo.reportId)).status).toBe('Finalizado');
  }, 60_000);
});

describe.concurrent('reading needs no permission', () => {
  it.each(COLUMNS.map((c) => [c.label] as const))('%s reads the workers, exams, files, readings, laudos, worklist and laudo header', async (label) => {
    const who = accounts.get(label)!;
    const { patientId, examId, reportId } = shared;
    for (const path of [
      '/api/patients', `/api/patients/${patientId}`, `/api/patients/${patientId}/evolution`, '/api/exams', `/api/exams/${examId}`, `/api/exams/${examId}/files`,
      `/api/exams/${examId}/readings`, '/api/reports', `/api/reports/${reportId}`, `/api/reports/exam/${examId}`, `/api/reports/${reportId}/download`,
      '/api/worklist', '/api/organization', '/api/companies', `/api/patients/${patientId}/employments`,
    ]) {
      const res = await t.request(path, bearer(who.token));
      expect(res.status, `${label} GET ${path} → ${res.status} ${res.status === 200 ? '' : await res.text()}`).toBe(200);
      await res.arrayBuffer();
    }
  });
});
