import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { classificationColumns, cnpjWithCheckDigits, programmeToday, type ExamImportSink, type ImportPatientRequest, type NewImportedExam } from '../../core/src';
import { anAudiogram, anExam, at, aWorker, nextId } from '../support/builders';
import { withTwoOrganizations, type TenantFixtures } from './tenant-fixtures';

export interface ExamImportStores extends TenantFixtures {
  /** A bulk writer for the organisation; several may be open at once (two imports of one file). */
  sink(organizationId: string): ExamImportSink;
  /** Gives back what the sinks hold (connections). */
  close(): Promise<void>;
}

const request = (over: Partial<ImportPatientRequest> = {}): ImportPatientRequest => ({
  key: nextId(), name: 'João Pedro Araújo', sex: 'M', birthDate: '1980-05-17', age: 45, cpf: null, company: null, jobTitle: 'Soldador', ...over,
});

/** What every ExamImportSink must do (in memory and PostgreSQL COPY alike). */
export function examImportSinkContract(make: () => Promise<ExamImportStores>) {
  let s: ExamImportStores;
  let org: string;
  let other: string;
  beforeEach(async () => void ({ s, org, other } = await withTwoOrganizations(await make())));
  afterEach(() => s.close());

  // natural keys are what the sink's digest makes of a key text (PostgreSQL stores its 16 bytes)
  const aKey = () => s.sink(org).digest(nextId());
  const anImported = (patientId: string, over: Partial<NewImportedExam> = {}): NewImportedExam => ({
    id: nextId(), patientId, naturalKey: aKey(), date: '2024-03-01', consultationReason: 'Periódico', operatorName: 'Operador', operatorRegistration: '123',
    ambientNoiseDb: 32, calibrationDate: '2024-01-10', acousticRestHours: 14, ...anAudiogram(), classificationJson: '{"classification_right":"aceitavel"}',
    classificationColumns: classificationColumns({ classification_right: 'aceitavel' }), rulesVersion: 'r1', createdAt: at(0), ...over,
  });

  it('finds workers by CPF, or by name (any case and accents) with birth date, and creates the rest with their company', async () => {
    const byCpf = aWorker(org, { name: 'Maria Souza', sex: 'F', cpf: '52998224725' });
    const byName = aWorker(org, { name: 'João Pedro Araújo', birthDate: '1980-05-17' });
    await s.patients.insert(byCpf);
    await s.patients.insert(byName);
    const known = await s.companies.findOrCreate(org, 'Metalúrgica São José');
    const asked = [
      request({ name: 'MARIA SOUZA', sex: 'M', cpf: '52998224725' }), request({ name: 'joao pedro araujo' }),
      request({ name: 'Ana Lima', sex: 'F', cpf: '11144477735', company: 'METALURGICA SAO JOSE', age: null, birthDate: null }),
      request({ name: 'João Pedro Araújo', birthDate: '1990-01-01', company: 'Têxtil Nova' }),
    ];
    const found = await s.sink(org).batch((b) => b.resolvePatients(asked));
    expect(asked.map((r) => found.get(r.key)).slice(0, 2)).toEqual([{ id: byCpf.id, sex: 'F', created: false }, { id: byName.id, sex: 'M', created: false }]);
    const [ana, namesake] = [found.get(asked[2].key)!, found.get(asked[3].key)!];
    expect([ana.created, ana.sex, namesake.created]).toEqual([true, 'F', true]);
    expect(await s.patients.findById(org, ana.id)).toMatchObject({ name: 'Ana Lima', sex: 'F', cpf: '11144477735', birthDate: null, age: null, companyId: known.id, companyName: 'Metalúrgica São José', jobTitle: 'Soldador', archivedAt: null });
    expect((await s.patients.findById(org, namesake.id))?.companyName).toBe('Têxtil Nova');
  });

  it("never finds another organisation's worker, and finds a CPF asked twice in one batch once", async () => {
    const foreign = aWorker(other, { cpf: '52998224725' });
    await s.patients.insert(foreign);
    const [a, b] = [request({ cpf: '52998224725' }), request({ cpf: '52998224725' })];
    const found = await s.sink(org).batch((batch) => batch.resolvePatients([a, b]));
    expect(found.get(a.key)!.id).not.toBe(foreign.id);
    expect(found.get(b.key)!.id).toBe(found.get(a.key)!.id);
    expect([found.get(a.key)!.created, found.get(b.key)!.created]).toEqual([true, false]);
  });

  it('stores imported exams once per natural key, in one call or across batches, and knows the keys it holds', async () => {
    const worker = aWorker(org);
    await s.patients.insert(worker);
    const first = anImported(worker.id);
    const twin = anImported(worker.id, { naturalKey: first.naturalKey });
    const sink = s.sink(org);
    expect(await sink.batch((b) => b.insertExams([first, twin, anImported(worker.id, { date: '2025-03-01' })]))).toBe(2);
    expect(await sink.batch((b) => b.insertExams([anImported(worker.id, { naturalKey: first.naturalKey })]))).toBe(0);
    const asked = [first.naturalKey, aKey()].map((naturalKey) => ({ patientId: worker.id, naturalKey }));
    expect(await sink.batch((b) => b.existingNaturalKeys(asked))).toEqual(new Set([first.naturalKey]));
    // another worker's key, and the other organisation, never match
    const someoneElse = aWorker(org);
    await s.patients.insert(someoneElse);
    expect(await sink.batch((b) => b.existingNaturalKeys([{ patientId: someoneElse.id, naturalKey: first.naturalKey }]))).toEqual(new Set());
    expect(await s.sink(other).batch((b) => b.existingNaturalKeys(asked))).toEqual(new Set());
    expect((await s.exams.findById(org, first.id))?.exam).toMatchObject({
      date: '2024-03-01', transducer: 'TDH-39', acousticRestHours: 14, ambientNoiseDb: 32, operatorName: 'Operador', consultationReason: 'Periódico',
      right: first.right, left: first.left, rulesVersion: 'r1', createdAt: first.createdAt,
      // no member recorded it (issue 18): the exam pages say it came from the import
      recordedBy: null, updatedBy: null, imported: true,
    });
    expect(await s.exams.findById(org, twin.id)).toBeUndefined();
  });

  it('stores a batch far larger than one COPY piece whole: 3 000 exams with multi-byte, tab and newline text, each once', async () => {
    const worker = aWorker(org);
    await s.patients.insert(worker);
    const exams = Array.from({ length: 3000 }, (_, i) => anImported(worker.id, {
      date: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`, createdAt: at(i),
      operatorName: `Fonoaudióloga Conceição ${i} 🎧\tsetor\nB\\${'ç'.repeat(i % 300)}`,
    }));
    const sink = s.sink(org);
    expect(await sink.batch((b) => b.insertExams(exams))).toBe(3000);
    const stored = await s.exams.listForPatient(org, worker.id);
    expect(stored).toHaveLength(3000);
    const names = new Map(stored.map((e) => [e.id, e.operatorName]));
    for (const e of exams) expect(names.get(e.id)).toBe(e.operatorName);
  });

  it("loads the workers' stored exams, imported or not, by worker then date, with the reference designation", async () => {
    const [w1, w2, w3] = [aWorker(org), aWorker(org), aWorker(org)];
    for (const w of [w1, w2, w3]) await s.patients.insert(w);
    const designation = { reason: 'Exame de referência do PCA', designatedBy: 'Dra. Ana (CRM 1/SP)', designatedAt: '2026-11-24T12:00:00.000Z' };
    const typed = anExam(org, w1.id, { date: '2024-06-01', referenceDesignation: designation });
    await s.exams.insert(typed);
    await s.exams.insert(anExam(org, w3.id));
    const imported = [anImported(w1.id, { date: '2023-01-01' }), anImported(w2.id, { date: '2022-01-01' }), anImported(w1.id, { date: '2024-06-01', createdAt: at(5) })];
    const sink = s.sink(org);
    await sink.batch((b) => b.insertExams(imported));
    const loaded = await sink.batch((b) => b.loadExams([w1.id, w2.id]));
    const w1First = w1.id < w2.id;
    const byW1 = [imported[0].id, typed.id, imported[2].id];
    expect(loaded.map((e) => e.id)).toEqual(w1First ? [...byW1, imported[1].id] : [imported[1].id, ...byW1]);
    expect(loaded.find((e) => e.id === typed.id)).toEqual({
      id: typed.id, patientId: w1.id, date: '2024-06-01', right: typed.right, left: typed.left, acousticRestHours: 14, calibrationDate: '2025-01-10',
      referenceDesignation: designation, createdAt: typed.createdAt,
    });
    expect(await sink.batch((b) => b.loadExams([]))).toEqual([]);
  });

  it("updates classifications of the organisation's exams only", async () => {
    const [mine, theirs] = [aWorker(org), aWorker(other)];
    await s.patients.insert(mine);
    await s.patients.insert(theirs);
    const e = anImported(mine.id);
    const f = anImported(theirs.id);
    await s.sink(org).batch((b) => b.insertExams([e]));
    await s.sink(other).batch((b) => b.insertExams([f]));
    await s.sink(org).batch((b) => b.updateClassifications([e, f].map((x) => ({
      id: x.id, classificationJson: '{"classification_right":"sugestivo_painpse"}', classificationColumns: classificationColumns({ classification_right: 'sugestivo_painpse' }), rulesVersion: 'r2',
    }))));
    // (the document itself: stored by the in-memory double, computed from the history by PostgreSQL — ADR 0025)
    expect((await s.exams.findById(org, e.id))?.exam).toMatchObject({ rulesVersion: 'r2' });
    expect((await s.exams.findById(other, f.id))?.exam).toMatchObject({ rulesVersion: 'r1' });
  });

  it('keeps nothing of a batch that throws, passes the error on, and takes the next batch', async () => {
    const sink = s.sink(org);
    const asked = request({ cpf: '52998224725' });
    const failure = new Error('linha 12 inválida');
    await expect(sink.batch(async (b) => {
      const id = (await b.resolvePatients([asked])).get(asked.key)!.id;
      await b.insertExams([anImported(id)]);
      throw failure;
    })).rejects.toBe(failure);
    expect(await s.patients.findByCpf(org, '52998224725')).toBeUndefined();
    const created = await sink.batch(async (b) => (await b.resolvePatients([asked])).get(asked.key)!);
    expect(created.created).toBe(true);
    expect((await s.patients.findByCpf(org, '52998224725'))?.id).toBe(created.id);
  });

  it('runs two imports of one file one batch at a time: a worker without CPF is created once', async () => {
    const asked = request({ cpf: null, birthDate: '1975-09-30', name: 'Sem CPF' });
    const [a, b] = await Promise.all([s.sink(org), s.sink(org)].map((sink) => sink.batch((batch) => batch.resolvePatients([asked]))));
    expect(a.get(asked.key)!.id).toBe(b.get(asked.key)!.id);
    expect([a.get(asked.key)!.created, b.get(asked.key)!.created].sort()).toEqual([false, true]);
    expect((await s.patients.list({ organizationId: org, q: 'sem cpf', limit: 10, offset: 0 })).total).toBe(1);
  });

  it('digests a natural key the same way every time, in hex, apart from any other key', () => {
    const sink = s.sink(org);
    const key = '52998224725|2024-03-01|10,10,15';
    expect(sink.digest(key)).toBe(sink.digest(key));
    expect(sink.digest(key)).toMatch(/^[0-9a-f]+$/);
    expect(sink.digest(`${key} `)).not.toBe(sink.digest(key));
  });

  it('resolves companies by CNPJ (completing a same-named company without one), sectors and GHEs by name, once; never another organisation\'s', async () => {
    const cnpj = cnpjWithCheckDigits('445556660001');
    const typed = await s.companies.findOrCreate(org, 'Fundição Boa Sorte');
    const foreign = await s.sink(other).batch((b) => b.resolveProgrammeRefs({ companies: [{ key: `cnpj:${cnpj}`, cnpj, name: 'Fundição Boa Sorte' }], sectors: [], ghes: [] }));
    const refs = {
      companies: [{ key: `cnpj:${cnpj}`, cnpj, name: 'FUNDICAO BOA SORTE' }, { key: 'nome:padaria central', cnpj: null, name: 'Padaria Central' }],
      sectors: [{ company: `cnpj:${cnpj}`, name: 'Fusão' }],
      ghes: [{ company: `cnpj:${cnpj}`, name: 'GHE 1', sector: 'Fusão' }, { company: 'nome:padaria central', name: 'Forno', sector: null }],
    };
    const first = await s.sink(org).batch((b) => b.resolveProgrammeRefs(refs));
    expect(first.companies.get(`cnpj:${cnpj}`)).toBe(typed.id);
    expect(first.companies.get(`cnpj:${cnpj}`)).not.toBe(foreign.companies.get(`cnpj:${cnpj}`));
    expect([first.companiesCreated, first.ghesCreated, first.sectors.size, first.ghes.size]).toEqual([1, 2, 1, 2]);
    const again = await s.sink(org).batch((b) => b.resolveProgrammeRefs({ ...refs, ghes: [{ company: `cnpj:${cnpj}`, name: 'ghe 1', sector: null }] }));
    expect([again.companiesCreated, again.ghesCreated]).toEqual([0, 0]);
    expect(again.companies).toEqual(first.companies);
    expect(again.ghes.get(`cnpj:${cnpj}|ghe 1`)).toBe(first.ghes.get(`cnpj:${cnpj}|ghe 1`));
  });

  it('writes an employment plan, reads it back, and points the worker at the company of his current period', async () => {
    const cnpj = cnpjWithCheckDigits('445556670001');
    const sink = s.sink(org);
    const asked = request({ cpf: '52998224725', company: 'Outra Empresa' });
    const result = await sink.batch(async (b) => {
      const refs = await b.resolveProgrammeRefs({ companies: [{ key: 'c', cnpj, name: 'Nova S.A.' }], sectors: [], ghes: [{ company: 'c', name: 'G', sector: null }] });
      const patientId = (await b.resolvePatients([asked])).get(asked.key)!.id;
      const companyId = refs.companies.get('c')!;
      const base = { patientId, companyId, registration: '9', jobTitle: 'Soldador', sectorId: null, admissionDate: '2021-02-01', dismissalDate: null };
      await b.applyEmployments({
        inserts: [{ ...base, id: randomUUID(), gheId: null, startDate: '2021-02-01', endDate: '2023-01-01' }, { ...base, id: randomUUID(), gheId: refs.ghes.get('c|g')!, startDate: '2023-01-01', endDate: null }],
        closes: [], fills: [],
      }, [patientId]);
      return { patientId, companyId, periods: await b.loadEmployments([patientId]) };
    });
    expect(result.periods.map((p) => [p.startDate, p.endDate, p.registration]).sort()).toEqual([['2021-02-01', '2023-01-01', '9'], ['2023-01-01', null, '9']]);
    expect((await s.patients.findById(org, result.patientId))?.companyId).toBe(result.companyId);
    const closed = result.periods.find((p) => p.endDate === null)!;
    await sink.batch((b) => b.applyEmployments({ inserts: [], closes: [{ id: closed.id, endDate: '2024-05-01' }], fills: [{ ...closed, registration: '10' }] }, [result.patientId]));
    const after = await sink.batch((b) => b.loadEmployments([result.patientId]));
    expect(after.find((p) => p.id === closed.id)).toMatchObject({ endDate: '2024-05-01', registration: '10' });
    expect(await s.sink(other).batch((b) => b.loadEmployments([result.patientId]))).toEqual([]);
  });

  it('a period dismissed today (in Brazil) is still the current one; one dismissed yesterday is not', async () => {
    const today = programmeToday(new Date());
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const sink = s.sink(org);
    const asked = request({ cpf: '52998224725', company: null });
    const result = await sink.batch(async (b) => {
      const refs = await b.resolveProgrammeRefs({
        companies: [{ key: 'a', cnpj: cnpjWithCheckDigits('445556670001'), name: 'Antiga S.A.' }, { key: 'b', cnpj: cnpjWithCheckDigits('112223330001'), name: 'Outra S.A.' }],
        sectors: [], ghes: [],
      });
      const patientId = (await b.resolvePatients([asked])).get(asked.key)!.id;
      const period = (company: string, admissionDate: string, dismissalDate: string) => ({
        id: randomUUID(), patientId, companyId: refs.companies.get(company)!, registration: company, jobTitle: 'Soldador', sectorId: null, gheId: null,
        admissionDate, dismissalDate, startDate: admissionDate, endDate: null,
      });
      // the later admission (b) ended yesterday; the earlier one (a) ends today: a is the current period
      await b.applyEmployments({ inserts: [period('a', '2019-01-01', today), period('b', '2022-01-01', yesterday)], closes: [], fills: [] }, [patientId]);
      return { patientId, a: refs.companies.get('a')! };
    });
    expect((await s.patients.findById(org, result.patientId))?.companyId).toBe(result.a);
  });
}
