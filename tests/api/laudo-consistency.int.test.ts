import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, registerAccount, type Account } from '../support/accounts';
import { SHARED_DIR } from '../support/shared-dir';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The issued laudo (PDF, read back with pdftotext) states exactly what the API computed for the
 * exam: the NR-7 class per ear, desencadeamento/agravamento only when true, the reference date and
 * the 3–6 kHz means (with "≥" when a no-response makes them a lower bound, I11). One server, one
 * user, the cases of shared/docs/clinical-cases-examples.json and tests/fixtures/clinical run in turn.
 */
type Wire = number | null | { nr: number };
type EarMap = Record<string, Wire>;
interface CaseExam { date: string; right: EarMap; left: EarMap; right_bc?: EarMap; left_bc?: EarMap }
interface Case { id: string; input: { worker?: { sex?: 'M' | 'F' }; exams: CaseExam[] } }

const shared = JSON.parse(fs.readFileSync(path.join(SHARED_DIR, 'docs', 'clinical-cases-examples.json'), 'utf8')) as { cases: Case[] };
const notch = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'clinical', 'noise-notch-history.json'), 'utf8')) as Omit<Case, 'id'>;
const notchExams = notch.input.exams;
/** The notch history with no response at 80 dB HL at 6 kHz (right) in the last exam: the means become lower bounds. */
const withNoResponse: Case = {
  id: 'noise-notch-history + NR 6 kHz',
  input: { ...notch.input, exams: [...notchExams.slice(0, -1), { ...notchExams[notchExams.length - 1], right: { ...notchExams[notchExams.length - 1].right, '6000': { nr: 80 } } }] },
};
const cases: Case[] = [...shared.cases, { id: 'noise-notch-history', input: notch.input }, withNoResponse];

/** The labels laudo.hbs / interpretacao-exame.hbs print for each computed class. */
const CLASS_LABEL: Record<string, string> = {
  aceitavel: 'dentro dos limites aceitáveis',
  sugestivo_painpse: 'sugestivo de PAINPSE',
  nao_sugestivo: 'alteração auditiva não sugestiva de PAINPSE',
};
const TABLE_LABEL = (c: string | null) => (c ? CLASS_LABEL[c] : 'Indeterminada');
const SENTENCE_LABEL = (c: string | null) =>
  c === 'aceitavel' ? `limiares auditivos ${CLASS_LABEL.aceitavel}` : c ? `audiograma ${CLASS_LABEL[c]}` : 'classificação NR-7 indeterminada';
const EAR = { right: { abbr: 'OD', label: 'Orelha direita' }, left: { abbr: 'OE', label: 'Orelha esquerda' } } as const;

const br = (iso: string) => iso.split('-').reverse().join('/');
/** pt-BR, one decimal, "≥"/"≤" for a bound: how the laudo prints a mean. */
const dbText = (v: number, bound: unknown) => `${bound === 'min' ? '≥ ' : bound === 'max' ? '≤ ' : ''}${String(Math.round(v * 10) / 10).replace('.', ',')}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const flat = (s: string) => s.replace(/\s+/g, ' ');

function wireAudiogram(exam: CaseExam) {
  const pairs = (re: EarMap | undefined, le: EarMap | undefined) => {
    const hz = [...new Set([...Object.keys(re ?? {}), ...Object.keys(le ?? {})])];
    return Object.fromEntries(hz.map((f) => [f, { re: re?.[f] ?? null, le: le?.[f] ?? null }]));
  };
  return { air: pairs(exam.right, exam.left), ...(exam.right_bc || exam.left_bc ? { bone: pairs(exam.right_bc, exam.left_bc) } : {}) };
}

let t: TestServer;
let a: Account;
const post = (p: string, body: unknown) => t.request(p, json(body, a.token));
const get = (p: string) => t.request(p, bearer(a.token));

beforeAll(async () => {
  t = await startTestServer();
  a = await registerAccount(t, { name: 'Dra. Lívia Coerência', crm: '654321', crmState: 'MG' });
});
afterAll(() => t?.close());

async function issuedLaudoText(c: Case): Promise<{ text: string; cls: Record<string, unknown> }> {
  const pr = await post('/api/patients', { name: `Trabalhador ${c.id}`, age: 40, sex: c.input.worker?.sex ?? 'M', company: 'Metalúrgica Coerente' });
  expect(pr.status, await pr.clone().text()).toBe(201);
  const patient = (await pr.json()) as { id: string };
  let last = '';
  for (const exam of c.input.exams) {
    const res = await post('/api/exams', {
      patientId: patient.id, date: exam.date, audiogram: wireAudiogram(exam), repousoHoras: 14, operatorName: 'Ana Ribeiro',
      ambiente: { calibracaoAtual: `${exam.date.slice(0, 4)}-01-10`, transdutor: 'TDH-39' },
    });
    expect(res.status, `${c.id} ${exam.date}: ${await res.clone().text()}`).toBe(201);
    last = ((await res.json()) as { id: string }).id;
  }
  const cls = ((await (await get(`/api/exams/${last}`)).json()) as { classification: Record<string, unknown> }).classification;
  const gen = await post(`/api/reports/generate/${last}`, { audiometryType: 'simple', consultationType: 'Ocupacional', consultationReason: 'Periódica' });
  expect(gen.status, `${c.id}: ${await gen.clone().text()}`).toBe(201);
  const report = (await gen.json()) as { id: string };
  const fin = await post(`/api/reports/${report.id}/finalize`, {});
  expect(fin.status, `${c.id}: ${await fin.clone().text()}`).toBe(200);
  const pdf = await get(`/api/reports/${report.id}/download`);
  expect(pdf.status).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-consistency-'));
  try {
    fs.writeFileSync(path.join(dir, 'l.pdf'), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'l.pdf'), '-'], { encoding: 'utf8' });
    // the page footer ("<patient> · exame de dd/mm/aaaa   Página X de Y") may fall inside a paragraph
    return { text: text.split('\n').filter((l) => !/Página \d+ de \d+\s*$/.test(l)).join('\n'), cls };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The interpretation sentence about one ear of the reported exam: "Orelha direita: …; média … de X dB NA e média …". */
function earSentence(text: string, side: 'right' | 'left'): string {
  const m = new RegExp(`${EAR[side].label}: ((?:limiares auditivos|audiograma|classificação NR-7)[^;]*); média dos limiares em 3\\.000, 4\\.000 e 6\\.000 Hz de ([^;]*?) dB NA`).exec(flat(text));
  expect(m, `${EAR[side].label} interpretation sentence`).not.toBeNull();
  return `${m![1]}|${m![2]}`;
}

describe('laudo PDF ⇔ API classification', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s: the PDF states the classes, triggers, reference and means the API computed', async (_id, c) => {
    const { text, cls } = await issuedLaudoText(c);
    const body = flat(text);
    const lastDate = c.input.exams[c.input.exams.length - 1].date;
    for (const side of ['right', 'left'] as const) {
      const apiClass = (cls[`classification_${side}`] ?? null) as string | null;
      // class table row and interpretation sentence, both naming the API's class and no other
      const row = text.split('\n').find((l) => new RegExp(`^\\s*${EAR[side].abbr}\\s{2,}`).test(l));
      expect(row, `${EAR[side].abbr} row of the class table`).toBeDefined();
      expect(row!.trim().slice(2).trim().startsWith(TABLE_LABEL(apiClass)), `${c.id} ${side}: ${row}`).toBe(true);
      const [stated, mean] = earSentence(text, side).split('|');
      expect(stated.startsWith(SENTENCE_LABEL(apiClass)), `${c.id} ${side}: "${stated}" vs ${apiClass}`).toBe(true);
      for (const [k, label] of Object.entries(CLASS_LABEL)) {
        // "não sugestiva de PAINPSE" contains no "sugestivo de PAINPSE": the labels are disjoint
        if (k !== apiClass) expect(stated, `${c.id} ${side} states ${k}`).not.toContain(label);
      }
      const m346 = cls[`mean_346_${side}`] as number | null;
      const expected = m346 === null || m346 === undefined ? '—' : dbText(m346, cls[`mean_346_${side}_bound`]);
      expect(mean, `${c.id} ${side} 3–6 kHz mean`).toBe(expected);
      expect(row, `${c.id} ${side} 3–6 kHz mean in the class table`).toContain(expected === '—' ? '—' : `${expected} dB`);
      for (const flag of ['desencadeamento', 'agravamento'] as const) {
        const said = new RegExp(`${EAR[side].label}: sugestivo de ${flag}`).test(body);
        expect(said, `${c.id} ${side} ${flag}: API ${String(cls[`${flag}_${side}`])}`).toBe(cls[`${flag}_${side}`] === true);
      }
    }
    for (const flag of ['desencadeamento', 'agravamento'] as const) {
      const yes = new RegExp(`${flag}: Sim`, 'i').test(body);
      expect(yes, `${c.id} worker ${flag}: API ${String(cls[flag])}`).toBe(cls[flag] === true);
      if (cls[flag] !== true) expect(body, `${c.id}: ${flag} stated`).not.toMatch(new RegExp(`sugestivo de ${flag}`, 'i'));
    }
    const ref = cls.reference_date as string | undefined;
    if (ref) expect(body).toContain(`Exame de referência: ${br(ref)} — `);
    else expect(body).toContain(`Exame de referência: este exame, ${br(lastDate)} — `);
    if (c === withNoResponse) {
      expect(cls.mean_346_right_bound).toBe('min');
      expect(body).toMatch(/6\.000 Hz de ≥ [\d,]+ dB NA/);
    }
    if (c.id === 'noise-notch-history') {
      expect(cls).toMatchObject({ agravamento_right: true, reference_date: '2025-03-11', reference_basis: 'substituido_5_5_1' });
      expect(body).toContain('Exame de referência: 11/03/2025 — exame sequencial que mostrou desencadeamento ou agravamento e passou a ser a referência (NR-7, Anexo II, item 5.5.1)');
    }
    const known = ['right', 'left'].every((side) => typeof cls[`mean_346_${side}`] === 'number' && typeof cls[`pta3_${side}`] === 'number');
    if (known) expect(body, `${c.id}: a mean printed as unknown`).not.toMatch(/de — dB NA/);
  }, 20_000);
});
