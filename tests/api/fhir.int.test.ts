import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { programmeToday } from '../../core/src/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStoredAudiogram } from '../../adapters/src/persistence/stored-audiogram';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { jsonSummaryOf, runLimiar, writeIn } from '../support/cli';
import { cpfFrom } from '../support/cpf';
import { fhirIssues } from '../support/fhir-validation';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 21 item 4: a worker's audiometry as a FHIR R4 Bundle (GET /api/patients/:id/fhir, limiar
 * export fhir) — every entry valid against the R4 StructureDefinitions (@medplum/core's validator) —
 * and back into exams with limiar import fhir, in another organisation: the same thresholds exam by
 * exam, ear by ear, conduction by conduction (no-responses included); a re-import creates nothing.
 */
let t: TestServer;
let a: Account;
let b: Account;
let tecnico: Account;
let pool: pg.Pool;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-fhir-'));
/** `limiar export fhir` reads the laudo PDFs from the server's encrypted file storage: the test server's data directory. */
const exportCli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../cli/src/main.ts'), ...args], {
  cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8', env: { ...process.env, DATABASE_URL: t.database.url, LIMIAR_DATA_DIR: t.dataDir, LIMIAR_LOG_LEVEL: 'silent' },
});

type Json = Record<string, any>;
type Wire = number | null | { nr: number };
const call = async (who: Account, method: string, p: string, body?: unknown) => {
  const res = await t.request(p, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  return res;
};
const ok = async (who: Account, method: string, p: string, body: unknown, status: number): Promise<Json> => {
  const res = await call(who, method, p, body);
  const text = await res.text();
  expect(res.status, `${method} ${p} → ${text}`).toBe(status);
  return text ? JSON.parse(text) : {};
};
const FREQS = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const BONE = [500, 1000, 2000, 3000, 4000];
const air = (re: Wire[], le: Wire[]) => Object.fromEntries(FREQS.map((hz, i) => [String(hz), { re: re[i], le: le[i] }]));
const bone = (re: Wire[], le: Wire[]) => Object.fromEntries(BONE.map((hz, i) => [String(hz), { re: re[i], le: le[i] }]));

const CPF = cpfFrom(418_337_290);
const NAME = 'Josefina Aparecida Tonelli';
const worker = {} as { id: string; exams: string[]; report: string };

/** Every stored exam of the worker of that CPF in one organisation, oldest first, with its thresholds as the app reads them. */
async function examsOf(organizationId: string) {
  const rows = (await pool.query<{ name: string; birth: string | null; sex: string; date: string; audiogram: Buffer }>(
    `select p.name, p.birth_date::text as birth, p.sex, e.exam_date::text as date, e.audiogram
       from exam e join patient p on p.id = e.patient_id where p.organization_id = $1 and p.cpf = $2 order by e.exam_date, e.created_at`, [organizationId, CPF])).rows;
  return rows.map((r) => ({ name: r.name, birth: r.birth, sex: r.sex.trim(), date: r.date, ...decodeStoredAudiogram(r.audiogram) }));
}
const examCount = async (organizationId: string) => Number((await pool.query('select count(*) as n from exam e join patient p on p.id = e.patient_id where p.organization_id = $1', [organizationId])).rows[0].n);

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Helena Interop' });
  b = await registerAccount(t);
  tecnico = await inviteMember(t, a, ['tecnico']);
  pool = new pg.Pool({ connectionString: t.database.url, max: 2 });

  const p = await ok(a, 'POST', '/api/patients', { name: NAME, sex: 'F', birthDate: '1978-09-23', cpf: CPF, company: 'Fundição Interop' }, 201);
  worker.id = p.id;
  // reference; then a worsening with bone conduction and no-responses; then a third exam on both conductions
  const e1 = await ok(a, 'POST', '/api/exams', { patientId: p.id, date: '2023-04-10', repousoHoras: 14, audiogram: { air: air([10, 10, 10, 15, 20, 25, 25, 15], [15, 10, 10, 15, 20, 20, 25, 20]) } }, 201);
  const e2 = await ok(a, 'POST', '/api/exams', {
    patientId: p.id, date: '2024-04-15', repousoHoras: 14,
    audiogram: { air: air([15, 15, 15, 20, 45, 60, { nr: 110 }, 40], [15, 10, 15, 20, 30, 40, 45, { nr: 120 }]), bone: bone([10, 10, 15, 40, { nr: 70 }], [10, 10, 15, 25, 35]) },
  }, 201);
  const e3 = await ok(a, 'POST', '/api/exams', {
    patientId: p.id, date: '2025-04-22', repousoHoras: 14,
    audiogram: { air: air([null, 15, 15, 25, 50, 65, 70, 45], [null, 15, 15, 20, 35, 45, 50, 35]), bone: bone([10, 15, 20, 45, 60], [10, 10, 15, 30, 40]) },
  }, 201);
  worker.exams = [e1.id, e2.id, e3.id];
  const report = await ok(a, 'POST', `/api/reports/generate/${e2.id}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica' }, 201);
  worker.report = report.id;
  await ok(a, 'POST', `/api/reports/${report.id}/finalize`, {}, 200);
  // a draft laudo is not an issued document: not in the bundle
  await ok(a, 'POST', `/api/reports/generate/${e3.id}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica' }, 201);
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let bundle: Json;

describe('GET /api/patients/:id/fhir', () => {
  it('answers the worker\'s Bundle as application/fhir+json; every entry validates against the R4 definitions', async () => {
    const res = await call(a, 'GET', `/api/patients/${worker.id}/fhir`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    // dated with the day in Brazil (from 21:00 in Brasília the UTC date is already tomorrow)
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="audiometria-[0-9a-f]{8}-${programmeToday(new Date())}\\.fhir\\.json"$`));
    bundle = await res.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const entries: Json[] = bundle.entry;
    expect(fhirIssues(bundle)).toEqual([]);
    for (const e of entries) expect(fhirIssues(e.resource), `${e.resource.resourceType} ${e.fullUrl}`).toEqual([]);
    // the validator is not a rubber stamp: a broken observation (value and dataAbsentReason, obs-6) is refused
    expect(fhirIssues({ ...entries[2].resource, dataAbsentReason: { text: 'x' } }).join()).toMatch(/obs-6/);

    const types = entries.map((e) => e.resource.resourceType);
    expect(types.filter((x) => x === 'Patient')).toHaveLength(1);
    expect(types.filter((x) => x === 'DiagnosticReport')).toHaveLength(1);
    expect(entries[0].resource.identifier[0]).toEqual({ use: 'official', system: 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf', value: CPF });
    const panels = entries.filter((e) => e.resource.code?.coding?.some((c: Json) => c.code === '89015-2'));
    expect(panels.map((e) => e.resource.effectiveDateTime)).toEqual(['2023-04-10', '2024-04-15', '2025-04-22']);
    expect(panels.map((e) => e.resource.hasMember.length)).toEqual([16, 26, 24]);
    // every hasMember resolves to an entry of the bundle
    const urls = new Set(entries.map((e) => e.fullUrl));
    for (const p of panels) for (const m of p.resource.hasMember) expect(urls.has(m.reference)).toBe(true);
  });

  it('states the no-responses as "> level" and the classification and the comparison as coded concepts', () => {
    const entries: Json[] = bundle.entry;
    const byLocal = (code: string) => entries.filter((e) => e.resource.code?.coding?.some((c: Json) => c.code === code)).map((e) => e.resource);
    expect(byLocal('va-od-6000')[1].valueQuantity).toEqual({ value: 110, comparator: '>', unit: 'dB HL', system: 'http://unitsofmeasure.org', code: 'dB' });
    expect(byLocal('va-od-6000')[1].code.coding[0]).toEqual({ system: 'http://loinc.org', code: '89027-7', display: 'Hearing threshold Ear - right --6000 Hz' });
    expect(byLocal('vo-od-4000')[0].valueQuantity).toMatchObject({ value: 70, comparator: '>' });
    expect(byLocal('vo-od-4000')[0].code.coding).toHaveLength(1);
    const classes = byLocal('nr7-classificacao');
    expect(classes).toHaveLength(6);
    expect(classes[2]).toMatchObject({ bodySite: { coding: [{ code: '25577004' }] }, valueCodeableConcept: { coding: [{ system: 'urn:limiar:fhir:CodeSystem:nr7', code: 'sugestivo_painpse' }] } });
    expect(classes[2].component[0].valueCodeableConcept.coding[0].code).toBe('desencadeamento');
    expect(classes[0].component).toBeUndefined();
  });

  it('carries the finalised laudo\'s issued PDF, byte for byte, with its SHA-1 in base64', async () => {
    const report = bundle.entry.find((e: Json) => e.resource.resourceType === 'DiagnosticReport').resource;
    const pdf = Buffer.from(await (await call(a, 'GET', `/api/reports/${worker.report}/download`)).arrayBuffer());
    expect(report).toMatchObject({ status: 'final', code: { coding: [{ system: 'http://loinc.org', code: '28615-3' }] }, effectiveDateTime: '2024-04-15', performer: [{ display: 'Dra. Helena Interop' }] });
    const form = report.presentedForm[0];
    expect(form.contentType).toBe('application/pdf');
    expect(Buffer.from(form.data, 'base64').equals(pdf)).toBe(true);
    expect(form.hash).toBe(createHash('sha1').update(pdf).digest('base64'));
    expect(report.result).toHaveLength(3);
  });

  it('is 404 for another organisation and 403 without dashboards.export', async () => {
    const other = await call(b, 'GET', `/api/patients/${worker.id}/fhir`);
    expect(other.status).toBe(404);
    expect((await other.json()).error).toBe('Paciente não encontrado');
    expect((await call(a, 'GET', '/api/patients/00000000-0000-4000-8000-000000000000/fhir')).status).toBe(404);
    const denied = await call(tecnico, 'GET', `/api/patients/${worker.id}/fhir`);
    expect(denied.status).toBe(403);
  });

  it('is in the audit trail as an export of the worker', async () => {
    const trail = await ok(a, 'GET', `/api/audit?patientId=${worker.id}&action=export`, undefined, 200);
    const fhir = trail.items.filter((r: Json) => r.route === 'GET /api/patients/:id/fhir');
    expect(fhir.map((r: Json) => [r.actorId, r.entity, r.recordId, r.status])).toEqual([[tecnico.user.id, 'patient', worker.id, 403], [a.user.id, 'patient', worker.id, 200]]);
  });
});

describe('limiar export fhir / limiar import fhir', () => {
  it('exports by CPF the same bundle the API answers', () => {
    const out = path.join(dir, 'josefina.json');
    const r = exportCli(['export', 'fhir', '--patient', `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`, '-u', a.email, '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Bundle FHIR R4 gravado em .*josefina\.json/);
    const exported = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect({ ...exported, timestamp: undefined }).toEqual({ ...bundle, timestamp: undefined });
    const unknown = exportCli(['export', 'fhir', '--patient', cpfFrom(111_222_333), '-u', a.email]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Trabalhador não encontrado nesta organização');
  });

  it('imports the bundle into another organisation with identical thresholds; a re-import creates nothing', async () => {
    const file = writeIn(dir, 'bundle.json', JSON.stringify(bundle));
    const r = runLimiar(t.database.url, ['import', 'fhir', file, '-u', b.email, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 3, imported: 3, duplicates: 0, rejected: 0, patientsCreated: 1, errorsFile: null });
    expect(r.stderr).toContain('(DiagnosticReport): o laudo não é importado');
    expect(r.stderr.match(/classificação NR-7\): não importada/g)).toHaveLength(6);

    const original = await examsOf(a.user.organizationId);
    const copy = await examsOf(b.user.organizationId);
    expect(copy).toHaveLength(3);
    for (let i = 0; i < original.length; i++) {
      expect(copy[i].date).toBe(original[i].date);
      for (const ear of ['right', 'left'] as const) {
        expect(copy[i][ear].air, `${original[i].date} ${ear} air`).toEqual(original[i][ear].air);
        expect(copy[i][ear].bone ?? {}, `${original[i].date} ${ear} bone`).toEqual(original[i][ear].bone ?? {});
      }
    }
    expect(copy[1].right.air[6000]).toEqual({ kind: 'no_response', level: 110 });
    expect(copy[0]).toMatchObject({ name: NAME, birth: '1978-09-23', sex: 'F' });

    const again = runLimiar(t.database.url, ['import', 'fhir', file, '-u', b.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(jsonSummaryOf(again)).toMatchObject({ read: 3, imported: 0, duplicates: 3, rejected: 0, patientsCreated: 0 });
    expect(await examCount(b.user.organizationId)).toBe(3);
  });

  it('imports another system\'s bundle (LOINC codes, no panel, bone by method); 750/1500 Hz, a value-less point and an unknown resource are reported per entry', async () => {
    const cpf = cpfFrom(907_554_112);
    const point = (id: string, code: string, value: number, extra: Json = {}) => ({
      fullUrl: `https://ehr.example.org/fhir/Observation/${id}`,
      resource: {
        resourceType: 'Observation', id, status: 'final', code: { coding: [{ system: 'http://loinc.org', code }] }, subject: { reference: 'Patient/pt-9' },
        effectiveDateTime: '2024-11-05T14:30:00-03:00', valueQuantity: { value, unit: 'dB HL', system: 'http://unitsofmeasure.org', code: 'dB' }, ...extra,
      },
    });
    const foreign = {
      resourceType: 'Bundle', type: 'collection',
      entry: [
        { fullUrl: 'https://ehr.example.org/fhir/Patient/pt-9', resource: { resourceType: 'Patient', id: 'pt-9', name: [{ family: 'Quaresma', given: ['Otávio'] }], gender: 'male', birthDate: '1969-12-01', identifier: [{ system: 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf', value: cpf }] } },
        ...[[500, '89025-1', 20], [1000, '89017-8', 20], [2000, '89019-4', 25], [3000, '89021-0', 50], [4000, '89023-6', 65], [6000, '89027-7', 60], [8000, '89029-3', 40]].map(([hz, code, v]) => point(`r${hz}`, code as string, v as number)),
        ...[[500, '89024-4', 15], [1000, '89016-0', 15], [2000, '89018-6', 20], [3000, '89020-2', 35], [4000, '89022-8', 45], [6000, '89026-9', 50], [8000, '89028-5', 30]].map(([hz, code, v]) => point(`l${hz}`, code as string, v as number)),
        point('r750', '91378-0', 20),
        point('l1500', '91373-1', 15),
        point('b3000', '89021-0', 45, { method: { text: 'Bone conduction' } }),
        point('r6000nr', '89027-7', 0, { valueQuantity: undefined, dataAbsentReason: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'not-performed' }] } }),
        { fullUrl: 'https://ehr.example.org/fhir/Encounter/enc-1', resource: { resourceType: 'Encounter', id: 'enc-1', status: 'finished', class: { code: 'AMB' } } },
      ],
    };
    for (const e of foreign.entry) expect(fhirIssues(JSON.parse(JSON.stringify(e.resource))), e.fullUrl).toEqual([]);
    const file = writeIn(dir, 'outro-sistema.json', JSON.stringify(foreign));
    const r = runLimiar(t.database.url, ['import', 'fhir', file, '-u', b.email, '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 5, imported: 1, rejected: 4, patientsCreated: 1, errorsFile: `${file}.erros.csv` });
    const stored = (await pool.query<{ audiogram: Buffer }>('select e.audiogram from exam e join patient p on p.id = e.patient_id where p.cpf = $1', [cpf])).rows;
    expect(stored).toHaveLength(1);
    const { right, left } = decodeStoredAudiogram(stored[0].audiogram);
    expect(right).toEqual({ air: { 500: 20, 1000: 20, 2000: 25, 3000: 50, 4000: 65, 6000: 60, 8000: 40 }, bone: { 3000: 45 } });
    expect(left).toEqual({ air: { 500: 15, 1000: 15, 2000: 20, 3000: 35, 4000: 45, 6000: 50, 8000: 30 } });
    const errors = fs.readFileSync(`${file}.erros.csv`, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(errors[0]).toBe('linha;motivo;recurso;id;descricao');
    expect(errors.slice(1).map((l) => l.split(';')[0])).toEqual(['16', '17', '19', '20']);
    expect(errors[1]).toContain('750 Hz');
    expect(errors[2]).toContain('1500 Hz');
    expect(errors[3]).toContain('sem valor numérico (dataAbsentReason');
    expect(errors[4]).toContain('recurso Encounter não é importado');
  });

  it('refuses a file that is not a FHIR Bundle (exit 2, nothing imported)', async () => {
    const before = await examCount(b.user.organizationId);
    const r = runLimiar(t.database.url, ['import', 'fhir', writeIn(dir, 'paciente.json', JSON.stringify({ resourceType: 'Patient' })), '-u', b.email, '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('O arquivo não é um Bundle FHIR R4 em JSON: resourceType é "Patient", esperado "Bundle".');
    expect(await examCount(b.user.organizationId)).toBe(before);
  });
});
