import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeHistory, buildExamEvolution, classifyHistory, formatDateBr, ImportExams, isNoResponse, ManagePatients, noResponse, RecordExam, toAudiometricExam,
  type ClassifiableExam, type ImportRecord, type Threshold,
} from '../../core/src';
import { fixedClock, immediateUnitOfWork, InMemoryProfessionalRepository, sequentialIds } from '../../core/src/testing/in-memory-account-adapters';
import { InMemoryExamImportSink } from '../../core/src/testing/in-memory-exam-import-sink';
import { inMemoryPatientExamStores } from '../../core/src/testing/in-memory-patient-exam-adapters';
import { loadNhanesParticipants } from '../fixtures/nhanes';

// Issue 16 item 1: every stored classification (web app, upload, review, import) comes from one
// classifier, `classifyHistory`. This file checks it against the definition, and checks that the
// interactive path (RecordExam, exam by exam) and the bulk import store the same documents.

const people = loadNhanesParticipants();
const AIR = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
type Sex = 'M' | 'F' | 'O' | undefined;

const threshold = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -2, max: 24 }).map((n) => n * 5) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.integer({ min: 18, max: 24 }).map((n) => noResponse(n * 5)) },
);
const ear = fc.array(threshold, { minLength: AIR.length, maxLength: AIR.length }).map((ts) => {
  const air: Record<number, Threshold> = {};
  ts.forEach((t, i) => { if (t !== null) air[AIR[i]] = t; });
  return { air };
});
const date = fc.integer({ min: 0, max: 40 * 12 }).map((m) => `${1990 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-${m % 3 ? '10' : '20'}`);
const exam = fc.record({
  date, right: ear, left: ear,
  acousticRestHours: fc.constantFrom(null, 14, 10),
  calibrationDate: fc.constantFrom(null, '1995-01-01', '2020-06-01'),
  createdAt: fc.integer({ min: 0, max: 5 }).map((s) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))),
});

/**
 * The stored classification by its definition (docs/clinical-rules.md §10): for exam k,
 * `analyzeHistory(exams 1..k)` without `sequence`, plus the alerts of the evolution of exams 1..k that
 * name exam k's date, and the item 6 notice when exam k's comparison triggers. O(n²); the classifier is one walk.
 */
function byDefinition<E extends ClassifiableExam>(exams: readonly E[], sex: Sex) {
  const ordered = [...exams].sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
  const audiometric = ordered.map((e) => toAudiometricExam(e));
  return ordered.map((e, k) => {
    const prefix = audiometric.slice(0, k + 1);
    const { sequence: _sequence, ...analysis } = analyzeHistory({ worker: sex ? { sex } : undefined, exams: prefix });
    const triggers = analysis.desencadeamento === true || analysis.agravamento === true;
    const own = `Exame de ${formatDateBr(e.date)}`;
    const alerts = k === 0 ? [] : buildExamEvolution(prefix).alerts.filter((a) => a.startsWith(own) || (!a.startsWith('Exame de') && triggers));
    return { exam: e, classification: { ...JSON.parse(JSON.stringify(analysis)), alerts } };
  });
}

const same = (exams: Parameters<typeof classifyHistory>[0], sex: Sex) => {
  const expected = byDefinition(exams, sex);
  const actual = classifyHistory(exams, { sex });
  expect(actual.map((a) => a.exam)).toEqual(expected.map((e) => e.exam));
  expect(actual.map((a) => JSON.parse(a.classificationJson))).toEqual(expected.map((e) => e.classification));
};

describe('classifyHistory (the one classification path) equals the definition', () => {
  it('on random histories: same dates, no-responses, missing frequencies, both rule sets, every sex', () => {
    fc.assert(fc.property(fc.array(exam, { minLength: 1, maxLength: 9 }), fc.constantFrom<Sex>('M', 'F', 'O', undefined), (exams, sex) => same(exams, sex)), { numRuns: 300 });
  });

  it('on NHANES workers with a drifting 4 kHz notch (triggers, new references, diagnosis notice)', () => {
    for (let w = 0; w < 60; w++) {
      const base = people[(w * 37) % people.length];
      const exams = Array.from({ length: 2 + (w % 8) }, (_, k) => {
        const drift = (t: Threshold | undefined, hz: number): Threshold =>
          typeof t === 'number' && hz >= 3000 && hz <= 6000 ? Math.min(120, Math.round((t + k * 5 * ((w % 3) + 1)) / 5) * 5) : (t ?? null);
        const shift = (air: Record<number, Threshold>) => Object.fromEntries(Object.entries(air).map(([hz, t]) => [hz, drift(t, Number(hz))]));
        return {
          date: `${1994 + k * 3 + (w % 3)}-0${1 + (k % 9)}-15`, right: { air: shift(base.right as Record<number, Threshold>) }, left: { air: shift(base.left as Record<number, Threshold>) },
          acousticRestHours: 14, calibrationDate: null, createdAt: new Date(Date.UTC(2026, 0, 1)),
        };
      });
      same(exams, w % 2 ? 'M' : 'F');
    }
  });
});

// ---- the interactive path and the bulk import store the same classification ----

interface GeneratedExam { date: string; right: { air: Record<number, Threshold> }; left: { air: Record<number, Threshold> }; acousticRestHours: number | null; calibrationDate: string | null }
/** After every generated date (up to 2030). */
const TODAY = '2031-01-01T12:00:00Z';
const auth = { userId: 'u-1', organizationId: 'org-1', sessionId: 's-1', memberId: 'm-1', roles: ['administrador', 'medico'] as const };
const PATHS = { date: 'date', ambientNoiseDb: 'a', calibrationDate: 'c', operatorName: 'o', operatorRegistration: 'r', acousticRestHours: 'h', audiogram: 'audiogram' };
const cellOf = (t: Threshold | undefined) => (t === undefined || t === null ? '' : isNoResponse(t) ? `NR${t.level}` : String(t));
const rawOf = (t: Threshold) => (t !== null && isNoResponse(t) ? { nr: t.level } : t);

/** Stored exams as comparable documents: in history order, exam ids replaced by their position. */
function normalised(stored: ReadonlyArray<{ id: string; date: string; createdAt: Date; classification: unknown }>) {
  const ordered = [...stored].sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
  let text = JSON.stringify(ordered.map((e) => ({ date: e.date, classification: e.classification })));
  ordered.forEach((e, k) => { text = text.split(`"${e.id}"`).join(`"#${k}"`); });
  return JSON.parse(text);
}

/** The web app's path: RecordExam, one exam at a time, in the given order (back-dated ones reclassify the later exams). */
async function recordedOneByOne(exams: readonly GeneratedExam[], sex: 'M' | 'F') {
  const s = inMemoryPatientExamStores();
  const ids = sequentialIds('web');
  const clock = fixedClock(TODAY);
  const manage = new ManagePatients(s.patients, s.companies, immediateUnitOfWork, ids, clock, new InMemoryProfessionalRepository());
  const patient = await manage.register(auth, { name: 'Ana Paula Souza', age: 40, sex });
  if (!patient.ok) throw patient.error;
  const record = new RecordExam(s.patients, manage, s.exams, immediateUnitOfWork, ids, clock, new InMemoryProfessionalRepository());
  for (const e of exams) {
    clock.advance(1000);
    const air = Object.fromEntries(AIR.map((hz) => [String(hz), { re: rawOf(e.right.air[hz] ?? null), le: rawOf(e.left.air[hz] ?? null) }]));
    const r = await record.forPatient(auth, patient.value.id, { date: e.date, air, acousticRestHours: e.acousticRestHours, calibrationDate: e.calibrationDate }, { strict: false, paths: PATHS });
    if (!r.ok) throw r.error;
  }
  return normalised(await s.exams.listForPatient(auth.organizationId, patient.value.id));
}

/** The bulk path: ImportExams over the in-memory twin of the COPY sink, in batches (later batches find stored exams). */
async function imported(exams: readonly GeneratedExam[], sex: 'M' | 'F', batchSize: number) {
  const stores = inMemoryPatientExamStores();
  let now = Date.parse(TODAY);
  const clock = { now: () => new Date((now += 1000)) };
  const records = (async function* (): AsyncGenerator<ImportRecord> {
    for (const [i, e] of exams.entries()) {
      const cells: Record<string, string> = { nome: 'Ana Paula Souza', sexo: sex, data_nascimento: '01/01/1960', data_exame: formatDateBr(e.date), calibracao: e.calibrationDate ? formatDateBr(e.calibrationDate) : '', repouso_horas: e.acousticRestHours === null ? '' : String(e.acousticRestHours) };
      for (const hz of AIR) { cells[`od_${hz}`] = cellOf(e.right.air[hz]); cells[`oe_${hz}`] = cellOf(e.left.air[hz]); }
      yield { line: i + 2, cells };
    }
  })();
  const sink = new InMemoryExamImportSink(stores, auth.organizationId, clock.now);
  const summary = await new ImportExams(sink, sequentialIds('import'), clock).execute(records, { dryRun: false, batchSize, onRejected: (line, reasons) => { throw new Error(`line ${line}: ${reasons.join('; ')}`); } });
  expect(summary.imported).toBe(exams.length);
  const [worker] = stores.patients.rows.values();
  return normalised(await stores.exams.listForPatient(auth.organizationId, worker.id));
}

describe('the interactive path (RecordExam) and the bulk import store the same classification', () => {
  it('on random histories recorded in random order and imported in batches', async () => {
    // distinct dates: RecordExam and the import order exams of one date by different creation instants
    const history = fc.uniqueArray(fc.record({ date, right: ear, left: ear, acousticRestHours: fc.constantFrom(null, 14, 10), calibrationDate: fc.constantFrom(null, '1995-01-01', '2020-06-01') }), { minLength: 1, maxLength: 8, selector: (e) => e.date });
    await fc.assert(fc.asyncProperty(history, fc.constantFrom<'M' | 'F'>('M', 'F'), fc.integer({ min: 1, max: 4 }), async (exams, sex, batchSize) => {
      const web = await recordedOneByOne(exams, sex);
      expect(await imported(exams, sex, batchSize)).toEqual(web);
      expect(web).toEqual(normalised(classifyHistory(exams.map((e, i) => ({ ...e, id: `e${i}`, createdAt: new Date(i) })), { sex }).map((c) => ({ ...c.exam, classification: JSON.parse(c.classificationJson) }))));
    }), { numRuns: 40 });
  });
});
