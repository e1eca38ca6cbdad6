import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 14, defects 2 and 9, over the real server and the real Puppeteer renderer: every field the
 * review step can edit reaches the exported PDF (a unique marker per field, found with pdftotext),
 * the clinic header of Configurações → Clínica is printed, the nine CFM 2.323/2022 items carry the
 * physician's marks, the exam's clinical fields are printed, and each fact has one source.
 */

let t: TestServer;
let a: Account;
let examId = '';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-laudo-edits-'));
const pair = (re: number, le = re) => ({ re, le });
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const put = (p: string, body: unknown) => t.request(p, json(body, a.token, 'PUT'));
const post = (p: string, body: unknown) => t.request(p, json(body, a.token));
const get = (p: string) => t.request(p, bearer(a.token));

function pdfText(bytes: ArrayBuffer, name: string): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, Buffer.from(bytes));
  // pdftotext without -layout keeps each printed line whole; whitespace is normalised for the search
  return execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Marta Laudo', crm: '445566', crmState: 'MG' });
  const patient = await (await post('/api/patients', { name: 'Ana Paula Edições', age: 41, sex: 'F', company: 'Fundição Sul' })).json();
  const exam = await post('/api/exams', {
    patientId: patient.id, date: '2025-06-12', operatorName: 'Fga. Lúcia Martins', operatorRegistration: 'CRFa 6-7788',
    ambiente: { ruidoDb: 28, transdutor: 'TDH-39', calibracaoAtual: '2025-01-20' },
    anamnese: 'ANAMNESE-EXAME-7Q: zumbido bilateral há dois anos.',
    meatoscopia: { od: 'MEATO-OD-7Q sem obstrução', oe: 'MEATO-OE-7Q cerume parcial' },
    mascaramento: 'MASC-7Q ruído de banda estreita na OE',
    speechTest: { srtRe: 35, srtLe: 40, wrsRe: 92, wrsLe: 88 },
    audiogram: { air: { 500: pair(15), 1000: pair(20), 2000: pair(25), 3000: pair(40), 4000: pair(50), 6000: pair(45), 8000: pair(30) } },
  });
  expect(exam.status, await exam.clone().text()).toBe(201);
  examId = (await exam.json()).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('organisation header (Configurações → Clínica)', () => {
  it('reads and edits the header; refuses a CNPJ with wrong check digits, a GIF/SVG logo and one over 1 MB', async () => {
    const start = await (await get('/api/organization')).json();
    expect(start).toMatchObject({ cnpj: null, address: null, logoUrl: null });
    const bad = await put('/api/organization', { name: 'Clínica X', cnpj: '11.222.333/0001-82' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'CNPJ inválido: confira os dígitos verificadores', issues: [{ path: 'cnpj' }] });
    const ok = await put('/api/organization', { name: 'Clínica Audição Plena', cnpj: '11.222.333/0001-81', address: 'Av. Brasil, 1500 — Belo Horizonte/MG', phone: '(31) 3222-1100', email: 'Contato@AudicaoPlena.com.br' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ name: 'Clínica Audição Plena', cnpj: '11222333000181', email: 'contato@audicaoplena.com.br' });
    // the professional's organisation name follows (profile and laudo)
    expect((await (await get('/api/users/me/profile')).json()).organizationName).toBe('Clínica Audição Plena');

    const logo = (body: Buffer, type: string) => t.request('/api/organization/logo', { method: 'PUT', headers: { authorization: `Bearer ${a.token}`, 'content-type': type }, body: new Uint8Array(body) });
    expect((await logo(Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/png')).status).toBe(415);
    expect((await logo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml')).status).toBe(415);
    expect((await logo(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'image/png')).status).toBe(413);
    const up = await logo(PNG, 'application/octet-stream');
    expect(up.status, await up.clone().text()).toBe(200);
    const body = await up.json();
    expect(body.logoMimeType).toBe('image/png');
    const img = await get(body.logoUrl);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await (await t.request('/api/organization/logo', { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } })).json()).logoUrl).toBeNull();
    expect((await get('/api/organization/logo')).status).toBe(404);
    expect((await logo(PNG, 'image/png')).status).toBe(200);
  });
});

describe('every field edited in the review step reaches the PDF', () => {
  it('nexo laudo: markers in validation, summary (anamnesis), interpretation, nexo conclusion, recommendations, missing data, CFM items; one source per fact', async () => {
    const gen = await post(`/api/reports/generate/${examId}`, {
      audiometryType: 'nexo-causal', consultationType: 'Ocupacional', consultationReason: 'Periódica',
      nexoCausalData: { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: 10, funcaoRuidosa: 'sim', usoEPI: 'nao' },
    });
    expect(gen.status, await gen.clone().text()).toBe(201);
    const report = await gen.json();
    const draft = JSON.parse(report.draftJson);
    expect(draft.faltantes_criticos.length).toBeGreaterThan(0); // rest hours not recorded on the exam
    expect(draft.nexo_causal.checklist_cfm).toHaveLength(9);

    const before = pdfText(await (await get(`/api/reports/${report.id}/download`)).arrayBuffer(), 'before');
    // section titles are upper-cased by the template's CSS
    expect(before).toContain('DADOS CRÍTICOS FALTANTES');
    expect(before).toContain('NEXO CAUSAL — SUGESTÃO A CONFIRMAR');
    expect(before).toContain('Nenhum dos itens do art. 2º da Resolução CFM n.º 2.323/2022 foi registrado como avaliado pelo médico.');

    const checklist = draft.nexo_causal.checklist_cfm.map((c: { item: string }, i: number) =>
      i === 0 ? { ...c, status: 'avaliado', evidencia: 'CFM-1-EVID-7Q história ocupacional de 10 anos em fundição' }
        : i === 6 ? { ...c, status: 'avaliado', evidencia: 'CFM-7-EVID-7Q PPRA com ruído de 92 dB(A)' }
          : i === 8 ? { ...c, status: 'não se aplica' } : c);
    const edited = {
      ...draft,
      validacao_nr7: { repouso_14h_ok: true, equipamento_registrado: false, observacoes: 'VALID-OBS-7Q repouso confirmado por declaração assinada.' },
      summary_text: `${draft.summary_text}\nANAMNESE-RESUMO-7Q: trabalhadora relata exposição a prensas.`,
      interpretacao_exame: `${draft.interpretacao_exame}\nINTERP-7Q revisada.`,
      nexo_conclusao: 'NEXO-CONCL-7Q nexo provável com a exposição ocupacional.',
      recomendacoes: ['RECOM-1-7Q audiometria em 6 meses', 'RECOM-2-7Q reforçar uso de EPI'],
      recommendations: ['RECOM-1-7Q audiometria em 6 meses', 'RECOM-2-7Q reforçar uso de EPI'],
      faltantes_criticos: [],
      nexo_causal: { ...draft.nexo_causal, classificacao: 'possivel', confirmado: true, sugestao_regra: draft.nexo_causal.classificacao, checklist_cfm: checklist },
    };
    const notAList = await put(`/api/reports/${report.id}`, { draftJson: JSON.stringify({ ...edited, nexo_causal: { ...edited.nexo_causal, checklist_cfm: 'tudo avaliado' } }) });
    expect(notAList.status).toBe(400);
    const saved = await put(`/api/reports/${report.id}`, { draftJson: JSON.stringify(edited) });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const stored = JSON.parse((await saved.json()).draftJson);
    expect(stored.nexo_causal.checklist_cfm[0]).toMatchObject({ status: 'avaliado', evidencia: expect.stringContaining('CFM-1-EVID-7Q') });
    expect(stored.nexo_causal.checklist_cfm[0].item).toBe(draft.nexo_causal.checklist_cfm[0].item);

    const fin = await post(`/api/reports/${report.id}/finalize`, {});
    expect(fin.status, await fin.clone().text()).toBe(200);
    const text = pdfText(await (await get(`/api/reports/${report.id}/download`)).arrayBuffer(), 'after');
    for (const marker of ['VALID-OBS-7Q', 'ANAMNESE-RESUMO-7Q', 'INTERP-7Q', 'NEXO-CONCL-7Q', 'RECOM-1-7Q', 'RECOM-2-7Q', 'CFM-1-EVID-7Q', 'CFM-7-EVID-7Q']) {
      expect(text, marker).toContain(marker);
    }
    // the exam's own clinical fields
    for (const marker of ['ANAMNESE-EXAME-7Q', 'MEATO-OD-7Q', 'MEATO-OE-7Q', 'MASC-7Q']) expect(text, marker).toContain(marker);
    expect(text).toMatch(/OD 35 dB 92 %/);
    expect(text).toMatch(/OE 40 dB 88 %/);
    // the exam's own date and examiner, the clinic header
    expect(text).toContain('12/06/2025');
    expect(text).toContain('Fga. Lúcia Martins');
    expect(text).toContain('Clínica Audição Plena');
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('Av. Brasil, 1500 — Belo Horizonte/MG');
    expect(text).toContain('(31) 3222-1100 · contato@audicaoplena.com.br');
    // one source per fact: rest from the reviewed draft only; the edited-out missing list is gone; equipment as edited
    expect(text).not.toContain('Repouso auditivo —');
    expect(text).toMatch(/Repouso de 14 h Sim \(declarado no questionário; horas não registradas no exame\)/);
    expect(text).toMatch(/Equipamento aferido Não/);
    expect(text).not.toContain('DADOS CRÍTICOS FALTANTES');
    // CFM items: the marks, and the conclusion says which were evaluated
    expect(text).toContain('Itens do art. 2º da Resolução CFM n.º 2.323/2022 avaliados pelo médico: 1 e 7 (2 de 9).');
    expect(text).toMatch(/não se aplica/);
    expect(text).toMatch(/Nível de nexo causal definido pelo profissional: possível/);
    expect(text).not.toMatch(/sugestão a confirmar/i);
    expect(text).toContain('NEXO CAUSAL');
    console.log(`laudo edits: ${text.length} chars of pdftotext, every marker found`);
  }, 90_000);
});
