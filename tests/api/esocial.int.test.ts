import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from '../../core/src';
import { validateS2220 } from '../../adapters/src/esocial/s2220-xml';
import { bearer, expectHiddenFromOtherOrganisation, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 21: the ASO and its eSocial S-2220 event (docs/esocial.md) — every generated event is validated against evtMonit.xsd.
let t: TestServer;
let a: Account;
let b: Account;
let tecnico: Account;
const CNPJ = cnpjWithCheckDigits('112223330001');
let company: string;
let companyWithoutCnpj: string;

type Json = Record<string, any>;
async function call(who: Account, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json; text: string; headers: Headers }> {
  const res = await t.request(path, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  const text = await res.text();
  let parsed: Json = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}
const ok = async (who: Account, method: string, path: string, body: unknown, status: number) => {
  const r = await call(who, method, path, body);
  expect(r.status, `${method} ${path} → ${r.text.slice(0, 500)}`).toBe(status);
  return r.body;
};

/** A valid CPF from nine digits (check digits computed). */
function cpfOf(nine: string): string {
  const d = nine.split('').map(Number);
  const dv = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(dv(9));
  d.push(dv(10));
  return d.join('');
}

const FREQS = [500, 1000, 2000, 3000, 4000, 6000, 8000];
const air = (right: number[], left: number[]) => Object.fromEntries(FREQS.map((hz, i) => [String(hz), { re: right[i], le: left[i] }]));
const LEFT = [10, 10, 10, 15, 15, 15, 10];

async function expectValidEvent(xml: string) {
  const checked = await validateS2220(xml);
  expect(checked.errors).toEqual([]);
  expect(checked.valid).toBe(true);
}
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

let seq = 0;
async function workerWithEmployment(name: string, opts: { cpf?: boolean; companyId?: string; registration?: string | null } = {}) {
  const cpf = opts.cpf === false ? undefined : cpfOf(String(123456000 + ++seq + Math.floor(Math.random() * 1000) * 100));
  const patient = (await ok(a, 'POST', '/api/patients', { name, age: 40, sex: 'M', ...(cpf ? { cpf } : {}) }, 201)).id as string;
  await ok(a, 'POST', `/api/patients/${patient}/employments`, {
    companyId: opts.companyId ?? company, registration: opts.registration === undefined ? 'M-0042' : opts.registration, admissionDate: '2024-01-05',
  }, 201);
  return { patient, cpf };
}
const exam = async (patientId: string, date: string, right: number[], examType = 'periodico') =>
  (await ok(a, 'POST', '/api/exams', { patientId, date, examType, audiogram: { air: air(right, LEFT) } }, 201)).id as string;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_LOG_LEVEL: process.env.ESOCIAL_DEBUG ? 'error' : 'silent' });
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  tecnico = await inviteMember(t, a, ['tecnico']);
  company = (await ok(a, 'POST', '/api/companies', { name: 'Metalúrgica Alfa', cnpj: CNPJ }, 201)).id;
  companyWithoutCnpj = (await ok(a, 'POST', '/api/companies', { name: 'Oficina Sem CNPJ' }, 201)).id;
}, 120_000);
afterAll(() => t?.close());

describe('ASO and S-2220', () => {
  it('a worker with three exams (reference, stable, worsening): the events validate and carry ordExame 1/2/2 and indResult 1/3/4', async () => {
    const { patient, cpf } = await workerWithEmployment('Paulo Mendes');
    // reference within limits; then 4 kHz 30 dB right (sugestivo, shift 10 < 15: no desencadeamento); then 4 kHz 45 dB (shift 25 ≥ 15: desencadeamento)
    const e1 = await exam(patient, '2024-01-10', [10, 10, 15, 20, 20, 20, 15], 'admissional');
    const e2 = await exam(patient, '2025-01-10', [10, 10, 15, 20, 30, 20, 15]);
    const e3 = await exam(patient, '2026-01-10', [10, 10, 15, 30, 45, 35, 15]);
    const asos = [];
    for (const [id, date] of [[e1, '2024-01-10'], [e2, '2025-01-11'], [e3, '2026-01-12']]) {
      asos.push(await ok(a, 'POST', `/api/exams/${id}/asos`, { asoDate: date, result: 'apto' }, 201));
    }
    expect(asos.map((x) => [x.audiometry.ordExame, x.audiometry.indResult, x.audiometry.indResultLabel])).toEqual([[1, 1, 'Normal'], [2, 3, 'Estável'], [2, 4, 'Agravamento']]);
    expect(asos[0]).toMatchObject({
      patientId: patient, patientName: 'Paulo Mendes', cpf, examId: e1, companyId: company, companyName: 'Metalúrgica Alfa', companyCnpj: CNPJ, registration: 'M-0042',
      examType: 'admissional', examTypeCode: 0, asoDate: '2024-01-10', result: 'apto', otherProcedures: [], physician: { name: a.user.name, crm: '123456', uf: 'SP' },
      coordinator: null, event: { status: 'pendente', statusLabel: 'Pendente', eventId: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, editable: true },
    });
    expect(asos[2].audiometry.reasons.join(' ')).toContain('desencadeamento (item 5.3)');

    const expected = [['1', '1'], ['2', '3'], ['2', '4']];
    for (const [i, aso] of asos.entries()) {
      const generated = await ok(a, 'POST', `/api/asos/${aso.id}/s2220`, undefined, 201);
      expect(generated.eventId).toMatch(new RegExp(`^ID1${CNPJ}\\d{14}\\d{5}$`));
      await expectValidEvent(generated.xml);
      expect([tag(generated.xml, 'ordExame')[0], tag(generated.xml, 'indResult')[0]]).toEqual(expected[i]);
      expect(tag(generated.xml, 'procRealizado')).toEqual(['0281']);
      expect(tag(generated.xml, 'nrInsc')).toEqual([CNPJ.slice(0, 8)]);
      expect(tag(generated.xml, 'cpfTrab')).toEqual([cpf]);
      expect(tag(generated.xml, 'matricula')).toEqual(['M-0042']);
      expect(tag(generated.xml, 'tpExameOcup')).toEqual([i === 0 ? '0' : '1']);
      expect(generated.xml).toContain('xmlns="http://www.esocial.gov.br/schema/evt/evtMonit/v_S_01_03_00"');
    }
    // three events generated in (about) the same second take different Ids
    const ids = await Promise.all(asos.map(async (x) => (await ok(a, 'GET', `/api/asos/${x.id}`, undefined, 200)).event.eventId));
    expect(new Set(ids).size).toBe(3);
    expect((await ok(a, 'GET', `/api/exams/${e2}/asos`, undefined, 200)).items.map((x: Json) => x.id)).toEqual([asos[1].id]);
    // the worker's LGPD export (issue 20) carries his ASOs with their event and XML
    const zip = await t.request(`/api/patients/${patient}/lgpd-export`, bearer(a.token));
    expect(zip.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))['dados.json']));
    expect(data.asos.map((x: Json) => [x.id, x.eventId, typeof x.eventXml])).toEqual(asos.map((x, i) => [x.id, ids[i], 'string']));
  });

  it('create ASO → generate → download → exportado → receipt → edit → retificação pendente → indRetif 2 with nrRecibo (validated)', async () => {
    const { patient } = await workerWithEmployment('Renata Lopes');
    const e = await exam(patient, '2025-06-02', [10, 10, 15, 20, 20, 20, 15]);
    const coordinator = { name: 'Dr. Carlos Coord', crm: '99887', uf: 'RJ', cpf: cpfOf('987654321') };
    const aso = await ok(a, 'POST', `/api/exams/${e}/asos`, {
      asoDate: '2025-06-03', result: 'apto', otherProcedures: [{ code: '0295', date: '2025-06-02' }, { code: '0999', date: '2025-06-03', description: 'Avaliação clínica' }], coordinator,
    }, 201);
    expect(aso.coordinator).toEqual(coordinator);

    // before generation the XML cannot be downloaded nor a receipt typed
    expect(await call(a, 'GET', `/api/asos/${aso.id}/s2220.xml`)).toMatchObject({ status: 409, body: { code: 'ASO.EVENT_NOT_GENERATED_CONFLICT' } });
    const generated = await ok(a, 'POST', `/api/asos/${aso.id}/s2220`, undefined, 201);
    await expectValidEvent(generated.xml);
    expect(tag(generated.xml, 'procRealizado')).toEqual(['0281', '0295', '0999']);
    expect(tag(generated.xml, 'obsProc')).toEqual(['Avaliação clínica']);
    expect(tag(generated.xml, 'nmResp')).toEqual(['Dr. Carlos Coord']);
    expect(tag(generated.xml, 'indRetif')).toEqual(['1']);
    expect(generated.xml).not.toContain('nrRecibo');
    expect((await ok(a, 'GET', `/api/asos/${aso.id}`, undefined, 200)).event).toMatchObject({ status: 'gerado', statusLabel: 'Gerado', eventId: generated.eventId });
    expect(await call(a, 'PUT', `/api/asos/${aso.id}/receipt`, { receipt: '1.2.0000000000012345678' })).toMatchObject({ status: 409, body: { code: 'ASO.RECEIPT_BEFORE_EXPORT_CONFLICT' } });

    const download = await call(a, 'GET', `/api/asos/${aso.id}/s2220.xml`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/xml');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="S-2220-${generated.eventId}.xml"`);
    expect(download.text).toBe(generated.xml);
    await expectValidEvent(download.text);
    const exported = await ok(a, 'GET', `/api/asos/${aso.id}`, undefined, 200);
    expect(exported.event).toMatchObject({ status: 'exportado', statusLabel: 'Exportado', exportedAt: expect.any(String), editable: false });
    // exported without a receipt: not editable (a retification needs the receipt), nor generated again
    expect(await call(a, 'PUT', `/api/asos/${aso.id}`, { result: 'inapto' })).toMatchObject({ status: 409, body: { code: 'ASO.NOT_EDITABLE_CONFLICT' } });
    expect(await call(a, 'POST', `/api/asos/${aso.id}/s2220`)).toMatchObject({ status: 409, body: { code: 'ASO.EVENT_ALREADY_EXPORTED_CONFLICT' } });

    const bad = await call(a, 'PUT', `/api/asos/${aso.id}/receipt`, { receipt: '12345' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'ASO.INVALID_RECEIPT', issues: [{ path: 'receipt' }] } });
    expect(bad.body.message).toContain('1.D.DDDDDDDDDDDDDDDDDDD');
    const received = await ok(a, 'PUT', `/api/asos/${aso.id}/receipt`, { receipt: ' 1.2.0000000000012345678 ' }, 200);
    expect(received.event).toMatchObject({ status: 'recebido', statusLabel: 'Recebido pelo eSocial', receipt: '1.2.0000000000012345678', indRetif: 1, editable: true });

    const edited = await ok(a, 'PUT', `/api/asos/${aso.id}`, { result: 'inapto' }, 200);
    expect(edited).toMatchObject({ result: 'inapto', asoDate: '2025-06-03', coordinator, event: { status: 'retificacao_pendente', statusLabel: 'Retificação pendente', indRetif: 2, receipt: '1.2.0000000000012345678', eventId: null } });
    const retification = await ok(a, 'POST', `/api/asos/${aso.id}/s2220`, undefined, 201);
    await expectValidEvent(retification.xml);
    expect(tag(retification.xml, 'indRetif')).toEqual(['2']);
    expect(tag(retification.xml, 'nrRecibo')).toEqual(['1.2.0000000000012345678']);
    expect(tag(retification.xml, 'resAso')).toEqual(['2']);
    expect(retification.eventId).not.toBe(generated.eventId);
    await ok(a, 'GET', `/api/asos/${aso.id}/s2220.xml`, undefined, 200);
    const second = await ok(a, 'PUT', `/api/asos/${aso.id}/receipt`, { receipt: '1.2.0000000000098765432' }, 200);
    expect(second.event).toMatchObject({ status: 'recebido', receipt: '1.2.0000000000098765432', indRetif: 2 });
  });

  it('an edit before export discards the generated event; pt-BR 400 for what eSocial needs and is missing', async () => {
    const { patient } = await workerWithEmployment('Sérgio Prado');
    const e = await exam(patient, '2025-03-01', [10, 10, 15, 20, 20, 20, 15]);
    const aso = await ok(a, 'POST', `/api/exams/${e}/asos`, { asoDate: '2025-03-01', result: 'apto' }, 201);
    await ok(a, 'POST', `/api/asos/${aso.id}/s2220`, undefined, 201);
    const edited = await ok(a, 'PUT', `/api/asos/${aso.id}`, { asoDate: '2025-03-02' }, 200);
    expect(edited.event).toMatchObject({ status: 'pendente', eventId: null, indRetif: 1 });

    const invalid = await call(a, 'POST', `/api/exams/${e}/asos`, {
      asoDate: '2025-02-01', result: 'talvez', otherProcedures: [{ code: '281', date: '2025-03-01' }, { code: '0999', date: '2025-03-01' }], physician: { uf: 'XX' },
    });
    expect(invalid.status).toBe(400);
    expect(Object.fromEntries(invalid.body.issues.map((i: Json) => [i.path, i.message]))).toMatchObject({
      asoDate: 'A data do ASO não pode ser anterior à da audiometria que ele inclui',
      result: 'Resultado do ASO inválido: use apto ou inapto',
      'otherProcedures.0.code': 'Código do procedimento inválido: use o código de 4 dígitos da Tabela 27 do eSocial',
      'otherProcedures.1.description': 'O procedimento 0999 exige uma observação (descrição) no eSocial',
      'physician.uf': 'UF do CRM do médico emitente do ASO inválida: use a sigla do estado (ex. SP)',
    });

    const noCpf = await workerWithEmployment('Sem CPF', { cpf: false });
    const e2 = await exam(noCpf.patient, '2025-03-01', [10, 10, 15, 20, 20, 20, 15]);
    expect(await call(a, 'POST', `/api/exams/${e2}/asos`, { asoDate: '2025-03-01' }))
      .toMatchObject({ status: 400, body: { code: 'ASO.INVALID', message: 'O trabalhador não tem CPF cadastrado: informe o CPF no cadastro do trabalhador (o eSocial identifica o trabalhador pelo CPF)' } });
    const noCnpj = await workerWithEmployment('Sem CNPJ', { companyId: companyWithoutCnpj, registration: null });
    const e3 = await exam(noCnpj.patient, '2025-03-01', [10, 10, 15, 20, 20, 20, 15]);
    const r = await call(a, 'POST', `/api/exams/${e3}/asos`, { asoDate: '2025-03-01' });
    expect(r.status).toBe(400);
    expect(r.body.issues.map((i: Json) => i.message)).toEqual([
      'A empresa Oficina Sem CNPJ não tem CNPJ: complete o cadastro da empresa (o eSocial identifica o empregador pelo CNPJ)',
      'O vínculo com Oficina Sem CNPJ não tem matrícula: informe a matrícula do trabalhador (a mesma do S-2200)',
    ]);
    const before = await call(a, 'POST', `/api/exams/${e3}/asos`, { asoDate: '2023-12-01' });
    expect(before.body.issues[0].path).toBe('asoDate');
  });

  it('permissions (laudo.finalize to issue, dashboards.export to generate) and another organisation answers 404', async () => {
    const { patient } = await workerWithEmployment('Tânia Reis');
    const e = await exam(patient, '2025-05-05', [10, 10, 15, 20, 20, 20, 15]);
    expect(await call(tecnico, 'POST', `/api/exams/${e}/asos`, { asoDate: '2025-05-05' })).toMatchObject({ status: 403, body: { code: 'AUTH.FORBIDDEN' } });
    const aso = await ok(a, 'POST', `/api/exams/${e}/asos`, { asoDate: '2025-05-05' }, 201);
    expect(await call(tecnico, 'POST', `/api/asos/${aso.id}/s2220`)).toMatchObject({ status: 403, body: { code: 'AUTH.FORBIDDEN' } });
    expect((await ok(tecnico, 'GET', `/api/asos/${aso.id}`, undefined, 200)).id).toBe(aso.id);
    for (const request of [
      { path: `/api/asos/${aso.id}` }, { path: `/api/exams/${e}/asos` }, { path: `/api/exams/${e}/asos`, method: 'POST', body: { asoDate: '2025-05-05' } },
      { path: `/api/asos/${aso.id}`, method: 'PUT', body: { result: 'apto' } }, { path: `/api/asos/${aso.id}/s2220`, method: 'POST', body: {} },
      { path: `/api/asos/${aso.id}/s2220.xml` }, { path: `/api/asos/${aso.id}/receipt`, method: 'PUT', body: { receipt: '1.2.0000000000012345678' } },
      { path: `/api/esocial/s2220.zip?companyId=${company}&from=2025-01-01&to=2025-12-31` },
    ]) await expectHiddenFromOtherOrganisation(t, b, request);
    expect((await ok(b, 'GET', '/api/asos', undefined, 200)).total).toBe(0);
  });

  it('the company batch: a zip of every not-yet-exported S-2220 of the period (each validates), marked exported; then 204', async () => {
    const other = (await ok(a, 'POST', '/api/companies', { name: 'Lote Ltda', cnpj: cnpjWithCheckDigits('556677880001') }, 201)).id as string;
    const ids: string[] = [];
    for (const name of ['Lote Um', 'Lote Dois']) {
      const { patient } = await workerWithEmployment(name, { companyId: other });
      const e = await exam(patient, '2025-08-01', [10, 10, 15, 20, 20, 20, 15]);
      ids.push((await ok(a, 'POST', `/api/exams/${e}/asos`, { asoDate: '2025-08-02', result: 'apto' }, 201)).id);
    }
    await ok(a, 'POST', `/api/asos/${ids[0]}/s2220`, undefined, 201); // one generated, one pending
    const listed = await ok(a, 'GET', `/api/asos?companyId=${other}&from=2025-08-01&to=2025-08-31&status=pendente`, undefined, 200);
    expect(listed.items.map((x: Json) => x.id)).toEqual([ids[1]]);

    const res = await t.request(`/api/esocial/s2220.zip?companyId=${other}&from=2025-08-01&to=2025-08-31`, bearer(a.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^S-2220-ID1\d{33}\.xml$/);
      await expectValidEvent(strFromU8(files[name]));
    }
    for (const id of ids) expect((await ok(a, 'GET', `/api/asos/${id}`, undefined, 200)).event.status).toBe('exportado');
    const again = await t.request(`/api/esocial/s2220.zip?companyId=${other}&from=2025-08-01&to=2025-08-31`, bearer(a.token));
    expect(again.status).toBe(204);
    expect(await call(a, 'GET', `/api/esocial/s2220.zip?companyId=${other}&from=2025-08-31&to=2025-08-01`)).toMatchObject({ status: 400 });
    expect(await call(a, 'GET', `/api/esocial/s2220.zip?companyId=${other}&from=2025-02-30&to=2025-08-01`)).toMatchObject({ status: 400 });
    expect(await call(a, 'GET', '/api/asos?from=2025-13-01')).toMatchObject({ status: 400 });
  });
});
