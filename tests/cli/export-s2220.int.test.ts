import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, forbiddenMessage, formatCnpj } from '../../core/src';
import { validateS2220 } from '../../adapters/src/esocial/s2220-xml';
import { bearer, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { runLimiar } from '../support/cli';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 21: `limiar export s2220` — the zip of a company's pending S-2220 events, each validated against evtMonit.xsd.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-export-s2220-'));
const CNPJ = cnpjWithCheckDigits('776655440001');
let t: TestServer;
let medico: Account;
let tecnico: Account;
const asos: string[] = [];

async function post(path: string, body: unknown, status = 201) {
  const res = await t.request(path, json(body, medico.token));
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}
const get = async (path: string) => (await t.request(path, bearer(medico.token))).json();
const air = Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz) => [String(hz), { re: 15, le: 20 }]));
const cli = (args: string[]) => runLimiar(t.database.url, ['export', 's2220', ...args]);

beforeAll(async () => {
  t = await startTestServer();
  medico = await registerAccount(t, { name: 'Dra. Helena Prado', crm: '445566', crmState: 'PR' });
  tecnico = await inviteMember(t, medico, ['tecnico']);
  const company = (await post('/api/companies', { name: 'Cerâmica Sul Ltda', cnpj: CNPJ })).id;
  for (const [name, cpf] of [['Ana Beatriz Lima', '52998224725'], ['Carlos Eduardo Reis', '11144477735']]) {
    const patient = (await post('/api/patients', { name, age: 35, sex: 'F', cpf })).id;
    await post(`/api/patients/${patient}/employments`, { companyId: company, registration: `C-${asos.length + 1}`, admissionDate: '2022-03-01' });
    const exam = (await post('/api/exams', { patientId: patient, date: '2026-02-10', examType: 'periodico', audiogram: { air } })).id;
    asos.push((await post(`/api/exams/${exam}/asos`, { asoDate: '2026-02-11', result: 'apto' })).id);
  }
  await post(`/api/asos/${asos[0]}/s2220`, {}); // one already generated, one pending
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('limiar export s2220', () => {
  it('writes the zip of the pending events (each validates against evtMonit.xsd) and marks them exported; a second run finds nothing', async () => {
    const out = path.join(dir, 'fevereiro.zip');
    const r = cli(['--company', formatCnpj(CNPJ), '--from', '01/02/2026', '--to', '2026-02-28', '--out', out, '-u', medico.email]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`2 evento(s) S-2220 de Cerâmica Sul Ltda (${formatCnpj(CNPJ)}), ASOs de 01/02/2026 a 28/02/2026: ${out}`);
    expect(fs.existsSync(`${out}.parcial`)).toBe(false);
    const files = unzipSync(new Uint8Array(fs.readFileSync(out)));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    const cpfs: string[] = [];
    for (const name of names) {
      const xml = strFromU8(files[name]);
      expect(await validateS2220(xml)).toEqual({ valid: true, errors: [] });
      expect(name).toBe(`S-2220-${/Id="([^"]+)"/.exec(xml)![1]}.xml`);
      expect(xml).toContain('<procRealizado>0281</procRealizado><ordExame>1</ordExame><indResult>1</indResult>');
      cpfs.push(/<cpfTrab>(\d+)<\/cpfTrab>/.exec(xml)![1]);
    }
    expect(cpfs.sort()).toEqual(['11144477735', '52998224725']);
    for (const id of asos) expect((await get(`/api/asos/${id}`)).event.status).toBe('exportado');

    const again = cli(['--company', CNPJ, '--from', '2026-02-01', '--to', '2026-02-28', '--out', path.join(dir, 'vazio.zip'), '-u', medico.email]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toContain('Nenhum S-2220 pendente de Cerâmica Sul Ltda');
    expect(fs.existsSync(path.join(dir, 'vazio.zip'))).toBe(false);
  }, 90_000);

  it('refuses without dashboards.export, an unknown CNPJ and a missing period (exit 2, pt-BR)', () => {
    const forbidden = cli(['--company', CNPJ, '--from', '2026-02-01', '--to', '2026-02-28', '-u', tecnico.email]);
    expect(forbidden.status).toBe(2);
    expect(forbidden.stderr).toContain(forbiddenMessage('dashboards.export'));
    const unknown = cli(['--company', cnpjWithCheckDigits('998877660001'), '--from', '2026-02-01', '--to', '2026-02-28', '-u', medico.email]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Nenhuma empresa com o CNPJ');
    const noPeriod = cli(['--company', CNPJ, '-u', medico.email]);
    expect(noPeriod.status).toBe(2);
    expect(noPeriod.stderr).toContain('Informe o período');
    const badCnpj = cli(['--company', '11.111.111/1111-11', '--from', '2026-02-01', '--to', '2026-02-28', '-u', medico.email]);
    expect(badCnpj.status).toBe(2);
    expect(badCnpj.stderr).toContain('CNPJ inválido');
  }, 90_000);
});
