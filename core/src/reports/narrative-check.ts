import { AIR_FREQUENCIES } from '../audiogram/frequencies';
import type { Nr7Classification } from '../rules/nr7/classify-nr7-ear';
import type { Tri } from '../rules/tri';
import type { ReportFacts, Side } from './report-facts-types';
import type { PairoGrade } from './report-labels';

export type NarrativeCheck = { readonly ok: true } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Rule constants a laudo may cite: 25 dB (NR-7 5.1), 10 and 15 dB (5.3/5.4 a, b), 14 h (3.4),
 * 12 and 60 months (3.2), 85 dB(A) (NR-15 Anexo 1).
 */
const RULE_CONSTANTS = [25, 10, 15, 14, 12, 60, 85];
const KHZ = [0.25, 0.5, 1, 2, 3, 4, 6, 8];

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Norm citations whose digits are not facts: NR-7, Portaria 19/98, CFM 2.323/2022, item numbers, Anexo II, art. 2º, nexo table rows (N1–N9). */
const CITATIONS: readonly RegExp[] = [
  /\bnr\s?-?\s?\d+/g,
  /\bportaria(?:\s+(?:seprt|ssst|mte))?(?:\s+n\.?\s?[ºo°]?)?\s*[\d.]+(?:\/\d+)?/g,
  /\b(?:resolucao\s+)?cfm(?:\s+n\.?\s?[ºo°]?)?\s*[\d.]+\/\d{4}/g,
  /\bite(?:m|ns)\s+\d+(?:\.\d+)*(?:\s+[ivx]+)?(?:\s+[a-k]\b(?!\s*\d))?(?:\s*(?:,|\/|e|a|ou)\s*\d+(?:\.\d+)*(?:\s+[ivx]+)?(?:\s+[a-k]\b(?!\s*\d))?)*/g,
  /\banexo\s+(?:[ivx]+|\d+)\b/g,
  /\bart(?:igo|\.)?\s*\d+\s*[ºo°]?/g,
  /\b(?:linha|regra)\s+n\d+\b/g,
];

const CLASS_PATTERNS: readonly [Nr7Classification, RegExp][] = [
  ['nao_sugestivo', /\bnao sugestiv[oa]s? de painpse/g],
  ['sugestivo_painpse', /\bsugestiv[oa]s? de painpse/g],
  ['aceitavel', /\blimites (?:aceitaveis|normais)\b/g],
];

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.;!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

function earsIn(sentence: string): Side[] {
  const right = /\b(orelha direita|od)\b/.test(sentence);
  const left = /\b(orelha esquerda|oe)\b/.test(sentence);
  if (/\b(ambas|bilateral|bilateralmente|duas orelhas)\b/.test(sentence) || right === left) return ['right', 'left'];
  return right ? ['right'] : ['left'];
}

function referenceEntry(facts: ReportFacts) {
  return facts.comparison ? facts.history.find((h) => h.date === facts.comparison?.referenceDate && !h.isReported) : undefined;
}

/** Classes a sentence may name: the reported exam's, plus the reference's when the sentence speaks of the reference. */
function allowedClasses(facts: ReportFacts, ears: Side[], aboutReference: boolean): Set<Nr7Classification | null> {
  const out = new Set<Nr7Classification | null>();
  for (const s of ears) {
    out.add(facts.ears[s].nr7Class);
    if (facts.comparison && aboutReference) out.add(facts.comparison[s].referenceClass);
  }
  return out;
}

function allowedPairo(facts: ReportFacts, ears: Side[], aboutReference: boolean): Set<PairoGrade | null> {
  const ref = aboutReference ? referenceEntry(facts) : undefined;
  return new Set(ears.flatMap((s) => [facts.ears[s].pairoGrade, ref ? ref[s].pairoGrade : null]));
}

const isTrue = (values: Tri[]) => values.some((v) => v === true);

function checkTriggers(sentence: string, facts: ReportFacts, ears: Side[], problems: string[]): void {
  const c = facts.comparison;
  const d = ears.map((s) => (c ? c[s].desencadeamento : false));
  const a = ears.map((s) => (c ? c[s].agravamento : false));
  const negated = (term: string) => new RegExp(`\\b(sem|nao|nem|ausencia de|nenhum|nenhuma)\\b[^.;]{0,60}${term}`).test(sentence);
  if (/desencadeamento ou agravamento/.test(sentence)) {
    const claimed = !negated('desencadeamento');
    if (claimed !== (isTrue(d) || isTrue(a))) problems.push(`Desencadeamento/agravamento ${claimed ? 'afirmado' : 'negado'} em desacordo com as regras: "${sentence}"`);
    return;
  }
  for (const [term, flags] of [['desencadeamento', d], ['agravamento', a]] as const) {
    if (!sentence.includes(term)) continue;
    const claimed = !negated(term);
    if (claimed && !isTrue([...flags])) problems.push(`O texto afirma ${term}, que as regras não indicam: "${sentence}"`);
    if (!claimed && isTrue([...flags])) problems.push(`O texto nega ${term}, que as regras indicam: "${sentence}"`);
  }
}

function checkNexo(sentence: string, facts: ReportFacts, wholeIsNexo: boolean, problems: string[]): void {
  if (!wholeIsNexo && !/\bnexo\b/.test(sentence)) return;
  for (const m of sentence.matchAll(/\b(improvavel|provavel|possivel|indeterminado)\b(?!\s+(?:afastar|excluir|descartar|determinar|estabelecer|confirmar|avaliar|identificar|que)\b)/g)) {
    if (!facts.nexo) problems.push(`Nível de nexo causal "${m[1]}" citado sem sugestão calculada: "${sentence}"`);
    else if (m[1] !== facts.nexo.level) problems.push(`Nível de nexo causal "${m[1]}" diferente do calculado (${facts.nexo.level}): "${sentence}"`);
  }
}

function factNumbers(facts: ReportFacts): number[] {
  const out: number[] = [...RULE_CONSTANTS, ...KHZ, ...AIR_FREQUENCIES];
  const push = (...v: (number | null | undefined)[]) => v.forEach((x) => typeof x === 'number' && out.push(Math.abs(x)));
  for (const s of ['right', 'left'] as const) {
    const e = facts.ears[s];
    // a no-response at L is printed as the level presented and as the lower bound L + 5 (I11)
    for (const p of [...e.air, ...e.bone]) push(p.value, p.noResponse && p.value !== null ? p.value + 5 : null);
    push(e.pta3, e.pta4, e.mean346);
    const c = facts.comparison?.[s];
    if (c) push(c.referenceMean346, c.deltaMean346, c.deltaMean0512, c.maxShift346, c.maxShiftAny);
  }
  for (const h of facts.history) push(h.right.mean346, h.left.mean346);
  push(facts.patient.age, facts.exam.restHours, facts.exam.ambientNoiseDb, facts.nexo?.answers.tempoExposicaoAnos);
  return out;
}

function factDates(facts: ReportFacts): string[] {
  const iso = [facts.today, facts.exam.date, facts.exam.calibrationDate, facts.patient.birthDate, facts.comparison?.referenceDate,
    facts.comparison?.newReferenceDate, ...facts.history.map((h) => h.date)].filter((d): d is string => !!d);
  return iso;
}

/** Parses a pt-BR/English numeral: "3.000" is three thousand, "41,67" and "41.67" are decimals. */
function parseNumeral(raw: string): { value: number; decimals: number } {
  if (/^\d{1,3}(\.\d{3})+$/.test(raw)) return { value: Number(raw.replace(/\./g, '')), decimals: 0 };
  const n = raw.replace(',', '.');
  const dot = n.indexOf('.');
  return { value: Number(n), decimals: dot < 0 ? 0 : n.length - dot - 1 };
}

function checkNumbers(text: string, facts: ReportFacts, problems: string[]): void {
  let t = text;
  for (const re of CITATIONS) t = t.replace(re, ' ');
  const dates = factDates(facts);
  t = t.replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (all, d: string, m: string, y: string) => {
    const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
    if (!dates.includes(iso)) problems.push(`Data ${all} não consta dos fatos do exame.`);
    return ' ';
  });
  const years = new Set(dates.map((d) => Number(d.slice(0, 4))));
  const allowed = factNumbers(facts);
  t = t.replace(/(\d+(?:[.,]\d+)*)\s*%/g, (_all, n: string) => {
    problems.push(`Percentual ${n}% não consta dos fatos do exame.`);
    return ' ';
  });
  for (const m of t.matchAll(/\d+(?:[.,]\d+)*/g)) {
    const { value, decimals } = parseNumeral(m[0]);
    if (decimals === 0 && years.has(value)) continue;
    const f = 10 ** decimals;
    if (!allowed.some((a) => Math.round(a * f) === Math.round(value * f))) problems.push(`Número ${m[0]} não consta dos fatos do exame.`);
  }
}

/**
 * Checks a narrative text against the computed facts (product.md decision 5): it must not name an
 * NR-7 class, PAIRO grade or trigger other than the computed ones (per ear when the sentence names
 * one ear), a nexo level other than the computed one (in sentences about the nexo, or anywhere when
 * `options.nexoSection`), nor any number or date absent from the facts. Norm citations (NR-7,
 * Portaria 19/98, CFM 2.323/2022, item numbers), test frequencies and rule limits are allowed.
 */
export function checkNarrative(text: string, facts: ReportFacts, options: { readonly nexoSection?: boolean } = {}): NarrativeCheck {
  const problems: string[] = [];
  const folded = fold(text);
  for (const sentence of sentencesOf(folded)) {
    const ears = earsIn(sentence);
    const aboutReference = /\breferencia\b/.test(sentence);
    const classes = allowedClasses(facts, ears, aboutReference);
    let rest = sentence;
    for (const [cls, re] of CLASS_PATTERNS) {
      if (rest.search(re) >= 0 && !classes.has(cls)) problems.push(`Classificação "${cls}" diferente da calculada: "${sentence}"`);
      rest = rest.replace(re, ' ');
    }
    const grades = allowedPairo(facts, ears, aboutReference);
    for (const m of sentence.matchAll(/\bpairo (leve|moderad[oa]|sever[oa])\b/g)) {
      const g = m[1].replace(/a$/, 'o') as PairoGrade;
      if (!grades.has(g)) problems.push(`Grau "PAIRO ${m[1]}" diferente do calculado: "${sentence}"`);
    }
    checkTriggers(sentence, facts, ears, problems);
    checkNexo(sentence, facts, options.nexoSection === true, problems);
  }
  checkNumbers(folded, facts, problems);
  return problems.length ? { ok: false, problems } : { ok: true };
}
