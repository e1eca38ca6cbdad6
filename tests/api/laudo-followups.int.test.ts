import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 14 follow-ups over the real server and renderer:
 * - a draft laudo whose exam (or the worker's history) changed after drafting is stale: the API says
 *   so, finalising it is refused (409) until it is reorganised, and the reorganised laudo prints the
 *   corrected facts while keeping the professional's edits;
 * - the printed summary/nexo sentences follow the reviewed state (confirmed nexo, cleared missing data);
 * - an archived worker's laudos leave the reports list, and an archived worker gets no upload or laudo.
 */

let t: TestServer;
let a: Account;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-followups-'));
const air = (v: number[], l = v) => Object.fromEntries([500, 1000, 2000, 3000, 4000, 6000, 8000].map((hz, i) => [String(hz), { re: v[i], le: l[i] }]));
const nexo = { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: 10, funcaoRuidosa: 'sim', usoEPI: 'nao' };
const png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const post = (p: string, body: unknown) => t.request(p, json(body, a.token));
const put = (p: string, body: unknown) => t.request(p, json(body, a.token, 'PUT'));
const patch = (p: string, body: unknown) => t.request(p, json(body, a.token, 'PATCH'));
const del = (p: string, body?: unknown) => t.request(p, body === undefined ? bearer(a.token, 'DELETE') : json(body, a.token, 'DELETE'));
const get = (p: string) => t.request(p, bearer(a.token));

function pdfText(bytes: ArrayBuffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
const pdfOf = async (reportId: string, name: string) => pdfText(await (await get(`/api/reports/${reportId}/download`)).arrayBuffer(), name);

async function worker(name: string) {
  return (await (await post('/api/patients', { name, age: 45, sex: 'M', company: 'Metalúrgica Follow' })).json()) as { id: string };
}
async function exam(patientId: string, date: string, values: number[], extra: Record<string, unknown> = {}) {
  const res = await post('/api/exams', { patientId, date, operatorName: 'Fga. Original', operatorRegistration: 'CRFa 1-1111', repousoHoras: 14, ambiente: { calibracaoAtual: '2024-01-10' }, audiogram: { air: air(values) }, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string };
}
async function generate(examId: string, type: 'simple' | 'nexo-causal' = 'simple') {
  const res = await post(`/api/reports/generate/${examId}`, type === 'simple' ? { audiometryType: 'simple' } : { audiometryType: 'nexo-causal', consultationType: 'Ocupacional', consultationReason: 'Periódica', nexoCausalData: nexo });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; draftJson: string };
}
function upload(examId: string, bytes: Buffer, fileName: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  form.set('examId', examId);
  form.set('uploadedBy', a.user.id);
  return t.request('/api/files/upload', { method: 'POST', body: form, headers: { authorization: `Bearer ${a.token}` } });
}

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dr. Caio Revisão', crm: '778899', crmState: 'SP' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a draft whose exam changed after drafting is stale', () => {
  it('PATCH the exam → stale with the changes named → finalise refused (409) → reorganise keeps the edits → finalise; the PDF has the corrected date and examiner', async () => {
    const p = await worker('Rogério Desatualizado');
    const e = await exam(p.id, '2025-03-10', [10, 10, 15, 35, 45, 40, 20]);
    const report = await generate(e.id);
    expect(await (await get(`/api/reports/${report.id}`)).json()).toMatchObject({ stale: false, staleChanges: [] });

    // the professional edits the draft
    const draft = JSON.parse(report.draftJson);
    const edited = { ...draft, interpretacao_exame: 'INTERP-EDITADA-9Z revisada pelo médico.', recomendacoes: ['RECOM-9Z retorno em 6 meses'] };
    expect((await put(`/api/reports/${report.id}`, { draftJson: JSON.stringify(edited) })).status).toBe(200);

    // the exam is corrected afterwards
    const corrected = await patch(`/api/exams/${e.id}`, { date: '2025-03-07', operatorName: 'Fga. Corrigida Souza' });
    expect(corrected.status, await corrected.clone().text()).toBe(200);

    const stale = await (await get(`/api/reports/${report.id}`)).json();
    expect(stale.stale).toBe(true);
    expect(stale.staleChanges).toEqual(expect.arrayContaining(['dados do exame']));
    expect((await (await get(`/api/reports/exam/${e.id}`)).json()).stale).toBe(true);

    const refused = await post(`/api/reports/${report.id}/finalize`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/^O exame foi alterado depois que este laudo foi organizado/);

    const refreshed = await post(`/api/reports/${report.id}/refresh`, {});
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const r = await refreshed.json();
    expect(r).toMatchObject({ stale: false, staleChanges: [] });
    expect(r.keptEdits).toEqual(expect.arrayContaining(['Interpretação', 'Recomendações']));
    const now = JSON.parse(r.draftJson);
    expect(now.facts.exam.date).toBe('2025-03-07');
    expect(now.facts.exam.operatorName).toBe('Fga. Corrigida Souza');
    expect(now.interpretacao_exame).toBe('INTERP-EDITADA-9Z revisada pelo médico.');
    expect(now.recomendacoes).toEqual(['RECOM-9Z retorno em 6 meses']);
    // a text the professional did not edit follows the corrected exam
    expect(now.summary_text).toContain('07/03/2025');

    const fin = await post(`/api/reports/${report.id}/finalize`, {});
    expect(fin.status, await fin.clone().text()).toBe(200);
    const text = await pdfOf(report.id, 'refreshed');
    expect(text).toContain('07/03/2025');
    expect(text).not.toContain('10/03/2025');
    expect(text).toContain('Fga. Corrigida Souza');
    expect(text).toContain('INTERP-EDITADA-9Z');
    expect(text).toContain('RECOM-9Z');
    // a finalised laudo is never stale (its PDF was issued)
    expect((await (await get(`/api/reports/${report.id}`)).json()).stale).toBe(false);
  }, 120_000);

  it('a threshold edit, another exam added, a reference designated or an exam removed make the draft stale', async () => {
    const p = await worker('Helena Histórico');
    const first = await exam(p.id, '2023-02-01', [10, 10, 10, 15, 15, 10, 10]);
    const e = await exam(p.id, '2024-02-01', [10, 10, 15, 35, 45, 40, 20]);
    const report = await generate(e.id);
    const isStale = async () => (await (await get(`/api/reports/${report.id}`)).json()) as { stale: boolean; staleChanges: string[] };
    const refresh = async () => expect((await post(`/api/reports/${report.id}/refresh`, {})).status).toBe(200);

    // thresholds of the reported exam
    const thr = await put(`/api/exams/${e.id}/audiogram`, { audiogram: { air: air([10, 10, 15, 40, 55, 45, 20]) } });
    expect(thr.status, await thr.clone().text()).toBe(200);
    expect(await isStale()).toMatchObject({ stale: true, staleChanges: expect.arrayContaining(['limiares e classificação']) });
    await refresh();
    expect(await isStale()).toMatchObject({ stale: false, staleChanges: [] });

    // an earlier exam added to the history changes the comparison
    const middle = await exam(p.id, '2023-08-01', [10, 10, 10, 20, 25, 20, 10]);
    expect(await isStale()).toMatchObject({ stale: true, staleChanges: expect.arrayContaining(['histórico e comparação com o exame de referência']) });
    await refresh();
    expect((await isStale()).stale).toBe(false);

    // a reference designated
    const ref = await put(`/api/exams/${middle.id}/reference`, { reason: 'Exame em condições ideais de repouso e cabine nova' });
    expect(ref.status, await ref.clone().text()).toBe(200);
    expect((await isStale()).stale).toBe(true);
    await refresh();

    // the earlier exam deleted
    const removed = await del(`/api/exams/${first.id}`, { reason: 'Exame duplicado lançado por engano' });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect((await isStale()).stale).toBe(true);
    await refresh();
    expect((await isStale()).stale).toBe(false);
    expect((await post(`/api/reports/${report.id}/finalize`, {})).status).toBe(200);
  }, 120_000);

  it('refresh of a finalised laudo is refused; an unknown id is 404', async () => {
    const p = await worker('Sandra Final');
    const e = await exam(p.id, '2025-01-15', [10, 10, 10, 15, 15, 10, 10]);
    const report = await generate(e.id);
    expect((await post(`/api/reports/${report.id}/finalize`, {})).status).toBe(200);
    expect((await post(`/api/reports/${report.id}/refresh`, {})).status).toBe(409);
    expect((await post('/api/reports/00000000-0000-4000-8000-000000000000/refresh', {})).status).toBe(404);
  }, 60_000);
});

describe('the printed summary follows the reviewed state', () => {
  it('a confirmed nexo level and a cleared missing-data list are not printed as pending', async () => {
    const p = await worker('Otávio Revisado');
    // no rest hours on the exam: "repouso" is missing data; nexo answers give a suggested level
    const e = await exam(p.id, '2025-05-20', [10, 10, 15, 40, 50, 45, 25], { repousoHoras: undefined });
    const report = await generate(e.id, 'nexo-causal');
    const draft = JSON.parse(report.draftJson);
    expect(draft.faltantes_criticos.length).toBeGreaterThan(0);
    const before = await pdfOf(report.id, 'state-before');
    expect(before).toMatch(/a confirmar pelo profissional/);
    expect(before).toContain('Há dados críticos faltantes a completar.');

    const edited = { ...draft, faltantes_criticos: [], nexo_causal: { ...draft.nexo_causal, confirmado: true, sugestao_regra: draft.nexo_causal.classificacao } };
    expect((await put(`/api/reports/${report.id}`, { draftJson: JSON.stringify(edited) })).status).toBe(200);
    const after = await pdfOf(report.id, 'state-after');
    expect(after).not.toMatch(/a confirmar/i);
    expect(after).not.toMatch(/a ser confirmada/i);
    expect(after).not.toContain('Há dados críticos faltantes');
    expect(after).not.toContain('Completar os dados críticos faltantes');
    expect(after).toMatch(/Nexo causal definido pelo profissional: \w+/);
  }, 90_000);
});

describe('archived workers', () => {
  it('their laudos leave the reports list (still reachable by id and by worker); upload and new laudos answer 409', async () => {
    const p = await worker('Arquimedes Arquivado');
    const e = await exam(p.id, '2025-04-02', [10, 10, 10, 15, 15, 10, 10]);
    const other = await exam(p.id, '2025-06-02', [10, 10, 10, 15, 15, 10, 10]);
    const report = await generate(e.id);
    const listed = async (q = '') => {
      const res = await get(`/api/reports${q}`);
      return { ids: ((await res.json()) as { id: string }[]).map((r) => r.id), total: Number(res.headers.get('x-total-count')) };
    };
    const before = await listed();
    expect(before.ids).toContain(report.id);
    const counters = await (await get('/api/dashboard/summary')).json();
    expect(counters.reports).toBe(before.total);

    expect((await del(`/api/patients/${p.id}`)).status).toBe(204);
    const after = await listed();
    expect(after.ids).not.toContain(report.id);
    expect(after.total).toBe(before.total - 1);
    expect((await (await get('/api/dashboard/summary')).json()).reports).toBe(after.total);
    expect((await listed('?q=Arquimedes')).ids).toEqual([]);
    // kept and reachable
    expect((await get(`/api/reports/${report.id}`)).status).toBe(200);
    expect((await (await get(`/api/reports/patient/${p.id}`)).json()).map((r: { id: string }) => r.id)).toEqual([report.id]);

    const up = await upload(other.id, png1x1, 'grafico.png');
    expect(up.status).toBe(409);
    expect((await up.json()).message).toBe('Trabalhador arquivado: restaure-o para enviar arquivos de exame.');
    const gen = await post(`/api/reports/generate/${other.id}`, { audiometryType: 'simple' });
    expect(gen.status).toBe(409);
    expect((await gen.json()).message).toBe('Trabalhador arquivado: restaure-o para organizar laudos.');
    // nor is the existing draft reorganised or finalised while archived
    expect((await post(`/api/reports/generate/${e.id}`, { audiometryType: 'simple' })).status).toBe(409);

    expect((await post(`/api/patients/${p.id}/restore`, {})).status).toBe(200);
    expect((await listed()).ids).toContain(report.id);
    expect((await post(`/api/reports/generate/${other.id}`, { audiometryType: 'simple' })).status).toBe(201);
  }, 90_000);
});
