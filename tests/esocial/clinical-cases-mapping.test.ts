import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { audiometryFactsOf, classifyPatientExams, esocialAudiometry } from '../../core/src';
import { parseAnalyzeInput } from '../../cli/src/analyze/run-analyze';
import { SHARED_DIR } from '../support/shared-dir';

/**
 * The S-2220 audiometry mapping (docs/esocial.md §2) over EVERY case of clinical-cases-examples.json. The
 * expected ordExame/indResult of each case is derived by hand from the case's own expected NR-7 outputs
 * (classification per ear, desencadeamento, agravamento, role) under the documented mapping — written
 * here with its reason, never taken from the function. For a case with a `sequence` (3+ exams), every
 * exam of the history is checked.
 */
interface ExampleCase {
  id: string;
  input: unknown;
  expected: Record<string, unknown>;
}
const examples = JSON.parse(readFileSync(`${SHARED_DIR}/docs/clinical-cases-examples.json`, 'utf8')) as { cases: ExampleCase[] };

type Expected = Array<{ ordExame: 1 | 2; indResult: 1 | 2 | 3 | 4 | null; why: string }>;
/** Per case, one entry per exam of the history (oldest first). */
const EXPECTED: Record<string, Expected> = {
  C01: [{ ordExame: 1, indResult: 1, why: 'single exam = reference; both ears aceitavel (5.1) → normal' }],
  C03: [{ ordExame: 1, indResult: 2, why: 'reference; right ear sugestivo_painpse (5.2) → alterado' }],
  C04: [{ ordExame: 1, indResult: 2, why: 'reference; both ears sugestivo_painpse → alterado' }],
  C06: [{ ordExame: 1, indResult: 2, why: 'reference; right ear nao_sugestivo (5.2.1: altered, not PAINPSE) → alterado' }],
  C09: [{ ordExame: 1, indResult: 1, why: 'reference; aceitavel over the examined frequencies (5.1) though 6 kHz is missing → normal, incomplete noted' }],
  C10: [{ ordExame: 1, indResult: 1, why: 'reference within limits' }, { ordExame: 2, indResult: 4, why: 'sequential; desencadeamento (5.3) → agravamento' }],
  C12: [{ ordExame: 1, indResult: 1, why: 'reference within limits' }, { ordExame: 2, indResult: 4, why: 'sequential; desencadeamento by a single 15 dB shift (5.3 b) → agravamento' }],
  C17: [{ ordExame: 1, indResult: 2, why: 'reference with the right ear sugestivo → alterado' }, { ordExame: 2, indResult: 4, why: 'sequential; agravamento (5.4) → agravamento' }],
  C26: [{ ordExame: 1, indResult: 2, why: 'reference with the left ear sugestivo → alterado' }, { ordExame: 2, indResult: 4, why: 'sequential; desencadeamento right and agravamento left → agravamento' }],
  C28: [
    { ordExame: 1, indResult: 1, why: 'reference within limits (sequence[0].reference_classification_* aceitavel)' },
    { ordExame: 2, indResult: 4, why: 'sequential with desencadeamento (it then becomes the reference, 5.5.1) → agravamento' },
    { ordExame: 2, indResult: 1, why: 'sequential, compared with exam 2; no trigger, both ears aceitavel → normal' },
  ],
  C30: [{ ordExame: 1, indResult: 1, why: 'baseline within limits' }, { ordExame: 2, indResult: 4, why: 'sequential; desencadeamento → agravamento' }],
};

describe('S-2220 ordExame/indResult over clinical-cases-examples.json', () => {
  it('has an expectation for every case of the file (a new case must be derived here)', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(examples.cases.map((c) => c.id).sort());
  });

  it.each(examples.cases.map((c) => [c.id, c] as const))('%s', (id, c) => {
    const parsed = parseAnalyzeInput(JSON.stringify(c.input));
    if (!parsed.ok) throw new Error(parsed.message);
    const history = parsed.histories[0];
    const exams = history.exams.map((e, i) => ({
      id: `${id}-${i}`, date: e.date, right: e.right, left: e.left, acousticRestHours: null, calibrationDate: null, createdAt: new Date(i * 1000), referenceDesignation: null,
    }));
    const classified = classifyPatientExams(exams, { sex: history.worker?.sex });
    const expected = EXPECTED[id];
    expect(classified).toHaveLength(expected.length);

    // the case's own expected outputs of the last exam agree with the reasons above
    const last = classified[classified.length - 1].classification;
    expect([last.classification_right, last.classification_left]).toEqual([c.expected.classification_right, c.expected.classification_left]);
    if (c.expected.desencadeamento !== undefined && c.expected.desencadeamento !== null) {
      expect([last.desencadeamento, last.agravamento]).toEqual([c.expected.desencadeamento, c.expected.agravamento]);
    }

    classified.forEach((exam, k) => {
      const mapped = esocialAudiometry(audiometryFactsOf(exam.classification));
      expect(mapped, `${id} exam ${k + 1}`).toBeDefined();
      expect({ ordExame: mapped!.ordExame, indResult: mapped!.indResult }, `${id} exam ${k + 1}: ${expected[k].why}`)
        .toEqual({ ordExame: expected[k].ordExame, indResult: expected[k].indResult });
      expect(mapped!.reasons.length).toBeGreaterThan(0);
    });
    if (id === 'C09') expect(esocialAudiometry(audiometryFactsOf(last))!.reasons.join(' ')).toContain('Exame incompleto: faltam 6000 Hz (OD)');
  });
});
