import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer, expectHiddenFromOtherOrganisation, json, registerAccount, type Account } from '../support/accounts';

let t: TestServer;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
});
afterAll(() => t?.close());

const call = (path: string, init: RequestInit = {}) => t.request(path, init);
const post = (path: string, body: unknown, who = a) => call(path, json(body, who.token));
const put = (path: string, body: unknown, who = a) => call(path, json(body, who.token, 'PUT'));
const get = (path: string, who = a) => call(path, bearer(who.token));
const air = (re: number[], le: number[] = re) =>
  Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: re[i], le: le[i] }]));

async function newPatient(over: Record<string, unknown> = {}, who = a) {
  const res = await post('/api/patients', { name: 'José da Silva', age: 45, sex: 'M', ...over }, who);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe('patients', () => {
  it('creates, reads, updates, lists and archives', async () => {
    const p = await newPatient({ sex: 'Feminino', name: 'Ana Conceição', cpf: '529.982.247-25', company: 'Metalúrgica Aço', jobTitle: 'Soldadora', birthDate: '1980-05-10' });
    expect(p).toMatchObject({ sex: 'F', cpf: '52998224725', company: 'Metalúrgica Aço', age: 45, examCount: 0 });
    expect(await (await get(`/api/patients/${p.id}`)).json()).toEqual(p);
    const upd = await (await put(`/api/patients/${p.id}`, { name: 'Ana C. Souza', age: 46, sex: 'Outro', company: null, jobTitle: null })).json();
    expect(upd).toMatchObject({ name: 'Ana C. Souza', age: 46, sex: 'O', company: null, jobTitle: null, cpf: '52998224725', birthDate: '1980-05-10' });
    const list = await get('/api/patients?q=ana%20c&limit=10');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect((await list.json())[0].id).toBe(p.id);
    expect((await call(`/api/patients/${p.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);
    expect((await (await get('/api/patients?q=ana%20c&limit=10')).json())).toEqual([]);
    expect((await (await get(`/api/patients/${p.id}`)).json()).archivedAt).toEqual(expect.any(String));
  });

  it('computes the age from birthDate when no age is stored', async () => {
    const p = await newPatient({ age: null, birthDate: '2000-01-01' });
    expect(p.age).toBe(new Date().getUTCFullYear() - 2000 - (new Date().getUTCMonth() === 0 && new Date().getUTCDate() < 1 ? 1 : 0));
  });

  it.each([
    [{ name: '' }, 'name', 'Nome é obrigatório'],
    [{ age: 151 }, 'age', 'Idade deve ser um número inteiro entre 0 e 150'],
    [{ age: -1 }, 'age', 'Idade deve ser um número inteiro entre 0 e 150'],
    [{ age: 'abc' }, 'age', 'Idade deve ser um número inteiro entre 0 e 150'],
    [{ sex: 'X' }, 'sex', 'Sexo inválido: use Masculino, Feminino ou Outro (M, F, O)'],
    [{ cpf: '111.111.111-11' }, 'cpf', 'CPF inválido: confira os dígitos verificadores'],
    [{ email: 'sem-arroba' }, 'email', 'E-mail inválido'],
    [{ birthDate: '2030-01-01' }, 'birthDate', 'Data de nascimento inválida'],
    [{ birthDate: '01/02/1990' }, 'birthDate', 'data deve estar no formato AAAA-MM-DD'],
  ])('refuses %o with 400 and a pt-BR message on %s', async (change, path, message) => {
    const res = await post('/api/patients', { name: 'X', age: 30, sex: 'M', ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.issues).toContainEqual({ path, message });
  });

  it('refuses a CPF already registered in the organisation (409) but not in another', async () => {
    await newPatient({ cpf: '111.444.777-35' });
    const again = await post('/api/patients', { name: 'Outro', age: 30, sex: 'M', cpf: '11144477735' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('Já existe um paciente com este CPF');
    expect((await post('/api/patients', { name: 'Outro', age: 30, sex: 'M', cpf: '11144477735' }, b)).status).toBe(201);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-uuid']) {
      expect((await get(`/api/patients/${id}`)).status).toBe(404);
      expect((await get(`/api/patients/${id}/evolution`)).status).toBe(404);
    }
  });
});

describe('exams', () => {
  it('creates with the wizard payload, classifies, and compares with the reference', async () => {
    const p = await newPatient();
    const first = await post('/api/exams', { patientId: p.id, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } });
    expect(first.status).toBe(201);
    const e1 = await first.json();
    expect(e1.classification).toMatchObject({ classification_right: 'aceitavel', classification_left: 'aceitavel', rules_version: e1.rulesVersion });
    expect(e1.transducer).toBe('TDH-39');
    const second = await (await post('/api/exams', { patientId: p.id, date: '2025-03-01', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10], [10, 10, 10, 15, 20, 15, { nr: 120 } as never]) } })).json();
    expect(second.classification).toMatchObject({ classification_right: 'sugestivo_painpse', desencadeamento_right: true, desencadeamento_left: false, reference_date: '2024-03-01' });
    expect(second.audiogram.air['8000']).toEqual({ re: 10, le: { nr: 120 } });
    expect(second.classification.classification_left).toBe('nao_sugestivo'); // NR at 8 kHz outranks the notch (I2)
    expect(second.classification.alerts[0]).toContain('sugestivo de desencadeamento de PAINPSE');
    const evo = await (await get(`/api/patients/${p.id}/evolution`)).json();
    expect(evo).toMatchObject({ hasMultipleExams: true, totalExams: 2, hasWorseningPortaria19: true, monitoringPeriodDays: 365 });
    const list = await get(`/api/exams?patientId=${p.id}`);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await list.json()).map((e: { date: string }) => e.date)).toEqual(['2025-03-01', '2024-03-01']);
  });

  it('issue 13 scenario: the 2025 notch (bone 25 under air 30 at 3 kHz) is sugestivo; 2026 agravamento; age at the exam', async () => {
    const p = await newPatient({ age: null, birthDate: '1980-06-15' });
    const left = [10, 10, 10, 10, 15, 15, 10];
    const bone = (re: number[]) => Object.fromEntries([500, 1000, 2000, 3000, 4000].map((hz, i) => [String(hz), { re: re[i] }]));
    await post('/api/exams', { patientId: p.id, date: '2024-03-12', audiogram: { air: air([10, 10, 10, 15, 20, 20, 15], left) } });
    const e2025 = await (await post('/api/exams', { patientId: p.id, date: '2025-03-11', audiogram: { air: air([10, 15, 15, 30, 40, 35, 20], left), bone: bone([5, 10, 15, 25, 35]) } })).json();
    const e2026 = await (await post('/api/exams', { patientId: p.id, date: '2026-03-10', audiogram: { air: air([10, 15, 15, 30, 55, 35, 20], left), bone: bone([5, 10, 15, 25, 50]) } })).json();
    const again2025 = await (await get(`/api/exams/${e2025.id}`)).json();
    expect(again2025.classification).toMatchObject({ classification_right: 'sugestivo_painpse', desencadeamento: true, exam_role: 'sequencial', new_reference_date: '2025-03-11', new_reference_basis: 'substituido_5_5_1' });
    expect(again2025.patientAgeAtExam).toBe(44);
    expect(e2026.classification).toMatchObject({ reference_date: '2025-03-11', reference_exam_id: e2025.id, reference_basis: 'substituido_5_5_1', agravamento_right: true, agravamento: true, new_reference_date: '2026-03-10' });
    expect(e2026.patientAgeAtExam).toBe(45);
    const evo = await (await get(`/api/patients/${p.id}/evolution`)).json();
    expect(evo.events.map((x: { kind: string; examDate: string }) => [x.kind, x.examDate])).toEqual([['desencadeamento', '2025-03-11'], ['agravamento', '2026-03-10']]);
    expect(evo.exams[2]).toMatchObject({ role: 'sequencial', mean346RightEar: 40, mean346RightBound: null });
  });

  it('an empty exam is never the reference; a designated reference needs a reason and recomputes the later exams', async () => {
    const p = await newPatient();
    const empty = await (await post('/api/exams', { patientId: p.id, date: '2023-01-10', audiogram: { air: {} } })).json();
    expect(empty.classification).toMatchObject({ exam_role: 'sem_limiares', classification_right: null });
    const e1 = await (await post('/api/exams', { patientId: p.id, date: '2024-01-10', audiogram: { air: air([10, 10, 10, 15, 20, 20, 15]) } })).json();
    expect(e1.classification).toMatchObject({ exam_role: 'referencia', reference_basis: 'primeiro_exame' });
    const e2 = await (await post('/api/exams', { patientId: p.id, date: '2025-01-10', audiogram: { air: air([10, 10, 10, 15, 40, 20, 15]) } })).json();
    const e3 = await (await post('/api/exams', { patientId: p.id, date: '2026-01-10', audiogram: { air: air([10, 10, 10, 15, 40, 20, 15]) } })).json();
    expect(e2.classification).toMatchObject({ reference_date: '2024-01-10', desencadeamento: true });
    const short = await put(`/api/exams/${e1.id}/reference`, { reason: 'curto' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toContain('Informe o motivo da designação');
    const emptyRef = await put(`/api/exams/${empty.id}/reference`, { reason: 'Motivo suficientemente longo' });
    expect(emptyRef.status).toBe(400);
    expect((await emptyRef.json()).message).toBe('Um exame sem limiares não pode ser o exame de referência.');
    const designated = await put(`/api/exams/${e2.id}/reference`, { reason: 'Exame de 2024 sem o repouso auditivo de 14 h' });
    expect(designated.status).toBe(200);
    const d = await designated.json();
    expect(d.referenceDesignation).toMatchObject({ reason: 'Exame de 2024 sem o repouso auditivo de 14 h' });
    expect(d.classification).toMatchObject({ exam_role: 'referencia', reference_basis: 'designado' });
    expect((await (await get(`/api/exams/${e3.id}`)).json()).classification).toMatchObject({ reference_date: '2025-01-10', reference_basis: 'designado', reference_designation_reason: 'Exame de 2024 sem o repouso auditivo de 14 h' });
    const removed = await (await call(`/api/exams/${e2.id}/reference`, bearer(a.token, 'DELETE'))).json();
    expect(removed.referenceDesignation).toBeNull();
    expect(removed.classification).toMatchObject({ exam_role: 'sequencial', reference_date: '2024-01-10' });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/exams/${e2.id}/reference`, method: 'PUT', body: { reason: 'Motivo suficientemente longo' } });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/exams/${e2.id}/reference`, method: 'DELETE' });
  });

  it('a back-dated exam becomes the reference and later exams are re-classified', async () => {
    const p = await newPatient();
    const late = await (await post('/api/exams', { patientId: p.id, date: '2025-01-01', audiogram: { air: air([10, 10, 10, 35, 45, 40, 10]) } })).json();
    expect(late.classification.reference_date).toBeUndefined();
    await post('/api/exams', { patientId: p.id, date: '2023-01-01', audiogram: { air: air([10, 10, 10, 10, 10, 10, 10]) } });
    const again = await (await get(`/api/exams/${late.id}`)).json();
    expect(again.classification).toMatchObject({ reference_date: '2023-01-01', desencadeamento_right: true });
  });

  it('creates with the entry-form payload, registering the patient (age 0–120)', async () => {
    const body = {
      paciente: { nome: 'Carlos Lima', idade: 52, sexo: 'M' }, data_exame: '2025-05-05',
      ambiente: { ruido_dB: 32.5, calibracao_atual: '2025-01-15', transdutor: 'TDH-39' },
      audiograma: { air: { 500: { RE: 10, LE: 15 }, 4000: { RE: 30, LE: { nr: 115 } } } }, operador: { nome: 'Rita', registro: 'CRFa 2-1234' },
      observacoes: 'Sem queixas', repouso_horas: 14,
    };
    const res = await post('/api/exams', body);
    expect(res.status, await res.clone().text()).toBe(201);
    const e = await res.json();
    expect(e).toMatchObject({ patientName: 'Carlos Lima', patientAge: 52, ambientNoiseDb: 32.5, calibrationDate: '2025-01-15', operatorName: 'Rita', acousticRestHours: 14 });
    expect(e.audiogram.air['4000']).toEqual({ re: 30, le: { nr: 115 } });
    expect(e.classification.missing_mandatory_frequencies_right).toEqual([1000, 2000, 3000, 6000, 8000]);
  });

  it.each([
    [{ data_exame: '2099-01-01' }, 'data_exame'],
    [{ data_exame: '31/02/2024' }, 'data_exame'],
    [{ ambiente: { ruido_dB: null, calibracao_atual: '2025-01-15' } }, 'ambiente.ruido_dB'],
    [{ ambiente: { ruido_dB: 200, calibracao_atual: '2025-01-15' } }, 'ambiente.ruido_dB'],
    [{ ambiente: { ruido_dB: 30, calibracao_atual: null } }, 'ambiente.calibracao_atual'],
    [{ operador: { nome: '', registro: '1' } }, 'operador.nome'],
    [{ operador: { nome: 'Rita', registro: '' } }, 'operador.registro'],
    [{ paciente: { nome: 'X', idade: 121, sexo: 'M' } }, 'paciente.age'],
    [{ paciente: { nome: '', idade: 30, sexo: 'M' } }, 'paciente.name'],
    [{ audiograma: { air: { 500: { RE: 12 } } } }, 'audiograma.air.500.RE'],
    [{ audiograma: { air: { 500: { RE: 125 } } } }, 'audiograma.air.500.RE'],
    [{ audiograma: { air: { 500: { RE: -15 } } } }, 'audiograma.air.500.RE'],
    [{ audiograma: { air: { 750: { RE: 10 } } } }, 'audiograma.air.750'],
    [{ audiograma: { air: {}, bone: { 8000: { RE: 10 } } } }, 'audiograma.bone.8000'],
  ])('entry form %o → 400 with an issue on %s, nothing stored', async (change, path) => {
    const before = await (await get('/api/dashboard/summary')).json();
    const body = {
      paciente: { nome: 'Teste', idade: 30, sexo: 'F' }, data_exame: '2025-05-05', ambiente: { ruido_dB: 30, calibracao_atual: '2025-01-15' },
      audiograma: { air: { 500: { RE: 10, LE: 10 } } }, operador: { nome: 'Rita', registro: '123' }, ...change,
    };
    const res = await post('/api/exams', body);
    expect(res.status).toBe(400);
    const err = await res.json();
    expect(err.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(err.error).not.toMatch(/\bat\b.*\.ts/);
    expect(await (await get('/api/dashboard/summary')).json()).toMatchObject({ patients: before.patients, exams: before.exams });
  });

  it('replaces thresholds from the review grid and re-classifies', async () => {
    const p = await newPatient();
    const e = await (await post('/api/exams', { patientId: p.id, date: '2024-03-01' })).json();
    expect(e.audiogram.air['500']).toEqual({ re: null, le: null });
    const res = await put(`/api/exams/${e.id}/audiogram`, { audiogram: { air: air([10, 10, 10, 40, 50, 45, 20]) } });
    expect(res.status).toBe(200);
    expect((await res.json()).classification.classification_right).toBe('sugestivo_painpse');
    expect((await put(`/api/exams/${e.id}/audiogram`, { audiogram: { air: { 500: { re: 7 } } } })).status).toBe(400);
  });

  it('lists the files of an exam (empty until uploads) and counts for the dashboard', async () => {
    const p = await newPatient();
    const e = await (await post('/api/exams', { patientId: p.id, date: '2024-03-01' })).json();
    expect(await (await get(`/api/exams/${e.id}/files`)).json()).toEqual([]);
    const s = await (await get('/api/dashboard/summary')).json();
    expect(s.patients).toBeGreaterThan(0);
    expect(s.exams).toBeGreaterThan(0);
  });
});

describe('tenancy: every route hides another organisation’s rows (404)', () => {
  it('patient and exam routes', async () => {
    const p = await newPatient();
    const e = await (await post('/api/exams', { patientId: p.id, date: '2024-03-01', audiogram: { air: air([10, 10, 10, 15, 20, 15, 10]) } })).json();
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/patients/${p.id}` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/patients/${p.id}`, method: 'PUT', body: { name: 'Hack' } });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/patients/${p.id}`, method: 'DELETE' });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/patients/${p.id}/evolution` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/exams/${e.id}` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/exams/${e.id}/files` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/exams/${e.id}/audiogram`, method: 'PUT', body: { audiogram: { air: {} } } });
    await expectHiddenFromOtherOrganisation(t, b, { path: '/api/exams', method: 'POST', body: { patientId: p.id, date: '2024-05-01' } });
    const bList = await (await get(`/api/exams?patientId=${p.id}`, b)).json();
    expect(bList).toEqual([]);
    const bPatients = await (await get('/api/patients?q=jose', b)).json();
    expect(bPatients.map((x: { id: string }) => x.id)).not.toContain(p.id);
    expect((await get(`/api/patients/${p.id}`)).status).toBe(200);
    expect((await (await get(`/api/exams/${e.id}`)).json()).patientName).toBe('José da Silva');
  });

  it('requires a token on every route', async () => {
    for (const path of ['/api/patients', '/api/exams', '/api/dashboard/summary', '/api/patients/x', '/api/exams/x/files']) {
      expect((await call(path)).status, path).toBe(401);
    }
  });
});
