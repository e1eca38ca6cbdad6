import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noResponse, type Threshold } from '../audiogram/threshold';
import { alertsOf, classificationColumns, type AlertFacts } from './classification-columns';
import { classifyHistory } from './classify-exams';

// ADR 0025: an exam row keeps typed columns of its classification; the CSV export rebuilds the
// `alerts` of each exam from them. Over random histories, the columns must say exactly what the
// stored document says, and the rebuilt alerts must equal the document's alerts.

const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
// a worker's baseline (mostly within the limits), then exams that drift from it: every kind of comparison occurs
const baseline = fc.array(fc.integer({ min: -2, max: 4 }).map((n) => n * 5), { minLength: AIR.length, maxLength: AIR.length });
const drift = fc.array(fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -1, max: 4 }).map((n) => n * 5) },
  { weight: 1, arbitrary: fc.constant<'null'>('null') },
  { weight: 1, arbitrary: fc.constant<'nr'>('nr') },
), { minLength: 2 * AIR.length, maxLength: 2 * AIR.length });
const BONE = [500, 1000, 2000, 3000, 4000];
/** One ear of an exam: the drifted air thresholds; none at all for an exam typed without thresholds (sem_limiares); bone conduction sometimes. */
const earOf = (base: number[], d: Array<number | 'null' | 'nr'>, shape: 'air' | 'air+bone' | 'empty') => {
  const air: Record<number, Threshold> = {};
  if (shape === 'empty') return { air };
  base.forEach((b, i) => {
    const x = d[i];
    if (x === 'nr') air[AIR[i]] = noResponse(Math.min(120, b + 70));
    else if (x !== 'null') air[AIR[i]] = Math.min(120, b + x);
  });
  if (shape === 'air') return { air };
  const bone: Record<number, Threshold> = {};
  for (const hz of BONE) if (typeof air[hz as 500] === 'number') bone[hz] = Math.max(-10, (air[hz as 500] as number) - 10);
  return Object.keys(bone).length ? { air, bone } : { air };
};
const exam = fc.record({
  date: fc.integer({ min: 0, max: 30 }).map((m) => `${2000 + Math.floor(m / 4)}-0${1 + (m % 4)}-15`),
  drift,
  shape: fc.constantFrom<'air' | 'air+bone' | 'empty'>('air', 'air', 'air', 'air+bone', 'empty'),
  acousticRestHours: fc.constantFrom(null, 14, 10),
  calibrationDate: fc.constantFrom(null, '1995-01-01'),
  createdAt: fc.integer({ min: 0, max: 5 }).map((s) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))),
  referenceDesignation: fc.option(fc.constant({ reason: 'Exame de referência refeito com repouso de 14 h', designatedBy: 'x', designatedAt: '2026-01-01T00:00:00Z' }), { freq: 12 }),
});
const history = fc.tuple(baseline, baseline, fc.array(exam, { minLength: 1, maxLength: 12 }))
  .map(([r, l, exams]) => exams.map(({ drift: d, shape, ...x }, i) => ({ ...x, id: `e${i}`, right: earOf(r, d.slice(0, AIR.length), shape), left: earOf(l, d.slice(AIR.length), shape) })));

describe('classification columns (ADR 0025)', () => {
  it('`only` (an exam\'s detail, a page of the list) gives those exams exactly the whole history\'s entries, over random histories', () => {
    let partial = 0;
    fc.assert(fc.property(history, fc.constantFrom<'M' | 'F' | undefined>('M', 'F', undefined), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (exams, sex, pick) => {
      const only = new Set(exams.filter((_, i) => pick[i]).map((e) => e.id));
      const whole = classifyHistory(exams, { sex }, { document: 'object' }).filter((c) => only.has(c.exam.id));
      const some = classifyHistory(exams, { sex }, { document: 'object', only });
      expect(some.map((c) => c.exam.id)).toEqual(whole.map((c) => c.exam.id));
      some.forEach((c, i) => {
        expect(c.columns).toEqual(whole[i].columns);
        expect(JSON.stringify(c.document)).toBe(JSON.stringify(whole[i].document));
      });
      // the text form too
      expect(classifyHistory(exams, { sex }, { only }).map((c) => c.classificationJson))
        .toEqual(classifyHistory(exams, { sex }).filter((c) => only.has(c.exam.id)).map((c) => c.classificationJson));
      if (only.size && only.size < exams.length) partial++;
    }), { numRuns: 400 });
    expect(partial).toBeGreaterThan(100);
  });

  it('keep what the document says, and rebuild its alerts exactly, over random histories', () => {
    const kinds = new Set<number>();
    const roles = new Set<unknown>();
    let afterEarlierAlerts = 0;
    fc.assert(fc.property(history, fc.constantFrom<'M' | 'F' | undefined>('M', 'F', undefined), (exams, sex) => {
      let date = '';
      let earlier: AlertFacts[] = [];
      // the columns-only walk (the PostgreSQL import, which stores no document) gives the same columns, in the same order
      const columnsOnly = classifyHistory(exams, { sex }, { document: false });
      expect(columnsOnly.every((c) => c.classificationJson === '')).toBe(true);
      const withDocument = classifyHistory(exams, { sex });
      expect(columnsOnly.map((c) => [c.exam.id, c.columns, c.rulesVersion])).toEqual(withDocument.map((c) => [c.exam.id, c.columns, c.rulesVersion]));
      // the document as an object (documents computed on read) is what parsing the text gives: same keys in the same order, same values
      const asObjects = classifyHistory(exams, { sex }, { document: 'object' });
      expect(asObjects.map((c) => [c.exam.id, c.columns])).toEqual(withDocument.map((c) => [c.exam.id, c.columns]));
      asObjects.forEach((c, i) => {
        const parsed = JSON.parse(withDocument[i].classificationJson) as Record<string, unknown>;
        expect(c.document).toEqual(parsed);
        expect(JSON.stringify(c.document)).toBe(JSON.stringify(parsed));
      });
      for (const { exam: e, classificationJson, columns } of withDocument) {
        const doc = JSON.parse(classificationJson) as Record<string, unknown>;
        const c = classificationColumns(doc);
        expect(columns).toEqual(c); // the classifier's own columns (read before JSON) are the document's
        expect(c.classificationRight).toBe(doc.classification_right ?? null);
        expect(c.classificationLeft).toBe(doc.classification_left ?? null);
        expect(c.referenceDate).toBe(doc.reference_date ?? null);
        expect(c.ruleSet).toBe(doc.rule_set ?? null);
        expect(c.desencadeamento).toBe(doc.desencadeamento ?? null);
        expect(c.agravamento).toBe(doc.agravamento ?? null);
        expect([c.pta3Right, c.pta3Left, c.mean346Right, c.mean346Left]).toEqual([doc.pta3_right ?? null, doc.pta3_left ?? null, doc.mean_346_right ?? null, doc.mean_346_left ?? null]);
        expect(c.who2021Grade).toBe(doc.who2021_grade ?? null);
        expect(c.examComplete).toBe(doc.exam_complete ?? null);
        expect(c.meanBounds & 1 ? 'min' : undefined).toBe(doc.pta3_right_bound === 'min' ? 'min' : undefined);
        expect(c.meanBounds & 8 ? 'min' : undefined).toBe(doc.mean_346_left_bound === 'min' ? 'min' : undefined);
        if (e.date !== date) [date, earlier] = [e.date, []];
        expect(c.earlierAlertsOfDate).toBe(earlier.some((x) => x.alertCode !== 0));
        const rebuilt = alertsOf(c, e.date, earlier);
        if (c.alertCode) earlier.push(c);
        expect(rebuilt).toEqual(doc.alerts);
        roles.add(doc.exam_role);
        if (c.earlierAlertsOfDate) afterEarlierAlerts++;
        kinds.add(c.alertCode & 31 ? (c.alertCode & 31) >> 2 : -1).add(c.alertCode >> 5 ? (c.alertCode >> 5) >> 2 : -1);
      }
    }), { numRuns: 400, seed: 2211 });
    // the property saw every kind of ear alert: items 5.3, 5.3.1, 5.4 and indeterminate (and none)
    expect([...kinds].sort()).toEqual([-1, 1, 2, 3, 4]);
    // …every role, exams without thresholds among them, and exams after a same-date exam that raised alerts
    expect([...roles].sort()).toEqual(['referencia', 'sem_limiares', 'sequencial']);
    expect(afterEarlierAlerts).toBeGreaterThan(0);
  });
});
