import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectHiddenFromOtherOrganisation, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let a: Account;
let b: Account;
let patient: { id: string };
let exam1: { id: string };
let exam2: { id: string };
const air = (v: number[], l = v) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: l[i] }]));
const nexo = { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: '12.5', funcaoRuidosa: 'sim', usoEPI: 'nao' };

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Helena Prado', crm: '123456', crmState: 'RJ' });
  b = await registerAccount(t);
  patient = await (await t.request('/api/patients', json({ name: 'Joaquim Laudo Teste', age: 48, sex: 'M', company: 'Siderúrgica Norte' }, a.token))).json();
  exam1 = await (await t.request('/api/exams', json({ patientId: patient.id, date: '2023-04-01', repousoHoras: 14, ambiente: { calibracaoAtual: '2023-01-10' }, audiogram: { air: air([10, 10, 10, 15, 15, 10, 10]) } }, a.token))).json();
  exam2 = await (await t.request('/api/exams', json({ patientId: patient.id, date: '2024-04-01', repousoHoras: 14, ambiente: { calibracaoAtual: '2024-01-10' }, audiogram: { air: air([10, 10, 15, 40, 50, 45, 20], [10, 10, 10, 15, 20, 15, 10]) } }, a.token))).json();
});
afterAll(() => t?.close());

const post = (p: string, body: unknown, who = a) => t.request(p, json(body, who.token));
const put = (p: string, body: unknown, who = a) => t.request(p, json(body, who.token, 'PUT'));
const get = (p: string, who = a) => t.request(p, bearer(who.token));

describe('reports', () => {
  it('generates a nexo-causal draft whose facts come from the rules', async () => {
    const res = await post(`/api/reports/generate/${exam2.id}`, { audiometryType: 'nexo-causal', consultationType: 'Ocupacional', consultationReason: 'Periódica', nexoCausalData: nexo });
    expect(res.status, await res.clone().text()).toBe(201);
    const r = await res.json();
    expect(r).toMatchObject({ status: 'Draft', type: 'nexo-causal', patientName: 'Joaquim Laudo Teste', patientCompany: 'Siderúrgica Norte', doctorName: 'Dra. Helena Prado', pdfUrl: null });
    const draft = JSON.parse(r.draftJson);
    for (const key of ['validacao_nr7', 'interpretacao_portaria19', 'interpretacao_exame', 'nexo_conclusao', 'recomendacoes', 'nexo_causal', 'faltantes_criticos', 'summary_text', 'technical_justification', 'recommendations', 'confidence_score', 'rules_version', 'narrative_source']) {
      expect(draft, key).toHaveProperty(key);
    }
    expect(draft.narrative_source).toBe('template');
    expect(draft.interpretacao_portaria19.exames).toHaveLength(2);
    expect(['provavel', 'possivel', 'indeterminado', 'improvavel']).toContain(draft.nexo_causal.classificacao);
    expect(draft.nexo_causal.fundamentos.length).toBeGreaterThan(0);
    expect((await get(`/api/reports/exam/${exam2.id}`)).status).toBe(200);
    expect(await (await get(`/api/reports/exam/${exam1.id}`)).json()).toBeNull();
  });

  it('refuses a nexo-causal draft without all five answers (the wizard message)', async () => {
    const res = await post(`/api/reports/generate/${exam1.id}`, { audiometryType: 'nexo-causal', nexoCausalData: { ...nexo, usoEPI: undefined } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Por favor, responda todas as perguntas do Nexo Causal');
    expect((await post(`/api/reports/generate/${exam1.id}`, { audiometryType: 'outro' })).status).toBe(400);
  });

  it.each([
    [{ audiometryType: undefined }, 'Por favor, selecione o tipo de audiometria'],
    [{ consultationType: 'Domiciliar' }, 'Por favor, selecione o tipo de consulta'],
    [{ consultationType: 'Ocupacional', consultationReason: null }, 'Por favor, selecione o motivo da consulta ocupacional'],
    [{ audiometryType: 'nexo-causal', nexoCausalData: null }, 'Por favor, responda todas as perguntas do Nexo Causal'],
  ])('the wizard rule behind %o is enforced by the server: %s', async (change, message) => {
    const res = await post(`/api/reports/generate/${exam1.id}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica', ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(message);
  });

  it('refuses to draft a laudo for an exam without thresholds (upload or type them first)', async () => {
    const e = await (await t.request('/api/exams', json({ patientId: patient.id, date: '2024-06-01' }, a.token))).json();
    const res = await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Nenhum arquivo foi analisado com sucesso pela IA. Você precisa preencher os dados do audiograma manualmente antes de prosseguir');
    expect((await post('/api/reports/00000000-0000-4000-8000-000000000000/finalize', {})).status).toBe(404);
    await t.request(`/api/patients/${patient.id}`, bearer(a.token)); // patient untouched
  });

  it('saves edits, keeps the computed facts, refuses invalid JSON', async () => {
    const r = await (await post(`/api/reports/generate/${exam1.id}`, { audiometryType: 'simple' })).json();
    const draft = JSON.parse(r.draftJson);
    const edited = { ...draft, summary_text: 'Resumo revisado pela médica.', facts: { forged: true } };
    const saved = await (await put(`/api/reports/${r.id}`, { draftJson: JSON.stringify(edited) })).json();
    const back = JSON.parse(saved.draftJson);
    expect(back.summary_text).toBe('Resumo revisado pela médica.');
    expect(back.facts).toEqual(draft.facts);
    const bad = await put(`/api/reports/${r.id}`, { draftJson: '{"summary_text": ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('draftJson não é um JSON válido');
    expect((await put(`/api/reports/${r.id}`, { draftJson: 42 })).status).toBe(400);
  });

  it('finalises once: the PDF is issued, hashed, readable, and the laudo becomes read-only', async () => {
    const r = await (await get(`/api/reports/exam/${exam2.id}`)).json();
    const suggested = JSON.parse(r.draftJson).nexo_causal.classificacao;
    const chosen = suggested === 'possivel' ? 'provavel' : 'possivel';
    const confirmed = { ...JSON.parse(r.draftJson), nexo_causal: { ...JSON.parse(r.draftJson).nexo_causal, classificacao: chosen, confirmado: true } };
    expect((await put(`/api/reports/${r.id}`, { draftJson: JSON.stringify(confirmed) })).status).toBe(200);
    const fin = await post(`/api/reports/${r.id}/finalize`, {});
    expect(fin.status, await fin.clone().text()).toBe(200);
    const done = await fin.json();
    expect(done).toMatchObject({ status: 'Finalizado', pdfUrl: `/api/reports/${r.id}/download` });
    expect(done.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await get(done.pdfUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-'));
    fs.writeFileSync(path.join(dir, 'l.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'l.pdf'), '-'], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('Joaquim Laudo Teste');
    expect(text).toContain('CRM 123456/RJ');
    expect(text).toMatch(/sugestivo de PAINPSE/i);
    const label = (l: string) => ({ provavel: 'provável', possivel: 'possível', indeterminado: 'indeterminado', improvavel: 'improvável' } as Record<string, string>)[l];
    expect(text).toMatch(new RegExp(`Nível de nexo causal definido pelo profissional:\\s+${label(chosen)}`, 'i'));
    expect(text).toMatch(new RegExp(`Nível sugerido pelas regras:\\s+${label(suggested)}`, 'i'));
    expect(text).toContain('alterado pelo profissional');
    expect(text).not.toContain('RASCUNHO');
    const again = await put(`/api/reports/${r.id}`, { draftJson: done.draftJson });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('Este laudo já foi finalizado e não pode ser alterado.');
    expect((await post(`/api/reports/generate/${exam2.id}`, { audiometryType: 'simple' })).status).toBe(409);
    const second = Buffer.from(await (await get(done.pdfUrl)).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
  }, 60_000);

  it('lists reports with totals, and per patient with thresholds for the report-based evolution', async () => {
    const list = await get('/api/reports');
    expect(list.headers.get('x-total-count')).toBe('2');
    const mine = await (await get(`/api/reports/patient/${patient.id}`)).json();
    expect(mine).toHaveLength(2);
    const latest = mine.find((x: { examDate: string }) => x.examDate === '2024-04-01');
    expect(latest.exam.rightEar['4000']).toBe(50);
    expect(latest.exam.leftEar['3000']).toBe(15);
    expect((await (await get('/api/dashboard/summary')).json()).reports).toBe(2);
  });

  it("hides every report route from another organisation (404)", async () => {
    const r = await (await get(`/api/reports/exam/${exam1.id}`)).json();
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/${r.id}` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/${r.id}`, method: 'PUT', body: { draftJson: '{}' } });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/${r.id}/download` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/${r.id}/finalize`, method: 'POST', body: {} });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/generate/${exam1.id}`, method: 'POST', body: { audiometryType: 'simple' } });
    // issue 15 (defect 13): the lookups by exam and by worker are 404 too, no longer 200 null / []
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/exam/${exam1.id}` });
    await expectHiddenFromOtherOrganisation(t, b, { path: `/api/reports/patient/${patient.id}` });
    expect(await (await get('/api/reports', b)).json()).toEqual([]);
  });

  it('deleting (archiving, issue 14) the patient keeps its reports', async () => {
    const p = await (await t.request('/api/patients', json({ name: 'Temporário', age: 30, sex: 'F' }, a.token))).json();
    const e = await (await t.request('/api/exams', json({ patientId: p.id, date: '2024-01-01', audiogram: { air: air([10, 10, 10, 10, 10, 10, 10]) } }, a.token))).json();
    const r = await (await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' })).json();
    expect((await get(`/api/reports/${r.id}`)).status).toBe(200);
    expect((await t.request(`/api/patients/${p.id}`, bearer(a.token, 'DELETE'))).status).toBe(204);
    expect((await get(`/api/reports/${r.id}`)).status).toBe(200);
  });
});
