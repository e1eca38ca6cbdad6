import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../audiogram/frequencies';
import { noResponse, type Threshold } from '../../audiogram/threshold';
import { parseImportRow } from '../../imports/import-row';
import { sha1, toBase64, uuidV5 } from './digest';
import { buildPatientBundle, type PatientBundleInput } from './patient-bundle';
import { readFhirBundle, FhirBundleUnreadableError } from './read-bundle';
import type { Observation } from './fhir-types';

const text = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('digests', () => {
  it('SHA-1 gives the FIPS 180 test vectors', () => {
    expect(hex(sha1(text('')))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex(sha1(text('abc')))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex(sha1(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
    expect(hex(sha1(new Uint8Array(1_000_000).fill(0x61)))).toBe('34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  });

  it('base64 follows RFC 4648 (padding included)', () => {
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map((s) => toBase64(text(s)))).toEqual(['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy']);
  });

  it('uuidV5 gives the RFC 4122 name-based UUID (DNS namespace, "python.org")', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });
});

const input: PatientBundleInput = {
  patient: { id: '11111111-1111-4111-8111-111111111111', name: 'Maria da Silva', sex: 'F', birthDate: '1980-02-03', cpf: '52998224725' },
  exams: [
    {
      id: '22222222-2222-4222-8222-222222222222', date: '2024-03-01',
      right: { air: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 30, 6000: 25, 8000: 20 } },
      left: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } },
      classification: { rules_version: 'x', classification_right: 'nao_sugestivo', classification_left: 'aceitavel', exam_role: 'referencia' },
    },
    {
      id: '33333333-3333-4333-8333-333333333333', date: '2025-03-01',
      right: { air: { 500: 10, 1000: 15, 2000: 20, 3000: 45, 4000: 60, 6000: noResponse(90), 8000: 40 }, bone: { 500: 5, 1000: 10, 2000: 15, 3000: 40, 4000: 55 } },
      left: { air: { 500: 10, 1000: 10, 2000: 15, 3000: 20, 4000: 25, 6000: 20, 8000: 15 } },
      classification: { classification_right: 'sugestivo_painpse', classification_left: 'aceitavel', exam_role: 'sequencial', reference_exam_id: '22222222-2222-4222-8222-222222222222', desencadeamento_right: false, agravamento_right: true, desencadeamento_left: false, agravamento_left: false },
      mascaramento: 'Ruído de banda estreita',
    },
  ],
  reports: [{ id: '44444444-4444-4444-8444-444444444444', examId: '33333333-3333-4333-8333-333333333333', version: 1, finalizedAt: new Date('2025-03-02T12:00:00Z'), doctorName: 'Dra. Ana', pdf: text('%PDF-1.4 test') }],
  generatedAt: new Date('2025-04-01T00:00:00Z'),
};

describe('buildPatientBundle', () => {
  const bundle = buildPatientBundle(input);
  const resources = bundle.entry!.map((e) => e.resource!);
  const observations = resources.filter((r): r is Observation => r.resourceType === 'Observation');
  const byLocal = (code: string) => observations.findLast((o) => o.code.coding?.some((c) => c.code === code));

  it('is a collection: the Patient with the CPF in the RNDS system, then the panels and their members', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(resources[0]).toMatchObject({ resourceType: 'Patient', gender: 'female', birthDate: '1980-02-03' });
    expect(resources[0].resourceType === 'Patient' && resources[0].identifier?.[0]).toEqual({ use: 'official', system: 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf', value: '52998224725' });
    const panels = observations.filter((o) => o.code.coding?.some((c) => c.code === '89015-2'));
    expect(panels).toHaveLength(2);
    expect(panels[1].hasMember).toHaveLength(7 + 5 + 7);
  });

  it('codes air thresholds with LOINC and the local code, bone with the local code only, values in dB HL', () => {
    const air = byLocal('va-oe-4000')!;
    expect(air.code.coding?.map((c) => c.code)).toEqual(['89022-8', 'va-oe-4000']);
    expect(air.valueQuantity).toEqual({ value: 25, unit: 'dB HL', system: 'http://unitsofmeasure.org', code: 'dB' });
    const bone = byLocal('vo-od-3000')!;
    expect(bone.code.coding?.map((c) => c.code)).toEqual(['vo-od-3000']);
    expect(bone.method?.coding?.[0].code).toBe('via-ossea');
  });

  it('states a no-response as "> level" with its interpretation', () => {
    const nr = byLocal('va-od-6000')!;
    expect(nr.valueQuantity).toMatchObject({ value: 90, comparator: '>' });
    expect(nr.interpretation?.[0].coding?.[0].code).toBe('sem-resposta');
  });

  it('gives the NR-7 class per ear and, for a sequential exam, the comparison', () => {
    const classes = observations.filter((o) => o.code.coding?.[0].code === 'nr7-classificacao');
    expect(classes.map((o) => o.valueCodeableConcept?.coding?.[0].code)).toEqual(['nao_sugestivo', 'aceitavel', 'sugestivo_painpse', 'aceitavel']);
    expect(classes[2].component?.[0].valueCodeableConcept?.coding?.[0].code).toBe('agravamento');
    expect(classes[3].component?.[0].valueCodeableConcept?.coding?.[0].code).toBe('sem_desencadeamento_ou_agravamento');
    expect(classes[2].derivedFrom).toHaveLength(2);
  });

  it('puts the laudo as a DiagnosticReport with the PDF (base64) and its SHA-1 (base64)', () => {
    const report = resources.find((r) => r.resourceType === 'DiagnosticReport')!;
    expect(report).toMatchObject({ status: 'final', presentedForm: [{ contentType: 'application/pdf', data: toBase64(text('%PDF-1.4 test')), hash: toBase64(sha1(text('%PDF-1.4 test'))) }] });
    expect(report.resourceType === 'DiagnosticReport' && report.result).toHaveLength(3);
  });

  it('leaves out an exam registered without thresholds (and would leave out its laudo)', () => {
    const empty = { id: '55555555-5555-4555-8555-555555555555', date: '2025-06-01', right: { air: {} }, left: { air: {} }, classification: {} };
    const withEmpty = buildPatientBundle({ ...input, exams: [...input.exams, empty], reports: [...input.reports, { ...input.reports[0], id: '66666666-6666-4666-8666-666666666666', examId: empty.id }] });
    expect(withEmpty.entry).toHaveLength(bundle.entry!.length);
  });

  it('is the same bundle when exported twice (name-based full URLs)', () => {
    expect(buildPatientBundle(input)).toEqual(bundle);
    expect(new Set(bundle.entry!.map((e) => e.fullUrl)).size).toBe(bundle.entry!.length);
  });

  it('reads back into the cells of the CSV import: the same thresholds, the no-response included', () => {
    const reading = readFhirBundle(JSON.parse(JSON.stringify(bundle)));
    const exams = reading.records.filter((r) => 'cells' in r);
    expect(reading.records.filter((r) => 'problem' in r)).toEqual([]);
    expect(exams).toHaveLength(2);
    const second = exams[1] as { cells: Record<string, string> };
    expect(second.cells).toMatchObject({ nome: 'Maria da Silva', cpf: '52998224725', sexo: 'F', data_nascimento: '1980-02-03', data_exame: '2025-03-01', od_6000: 'NR90', od_vo_3000: '40', oe_4000: '25' });
    expect(reading.notes.some((n) => n.includes('DiagnosticReport'))).toBe(true);
    expect(reading.notes.filter((n) => n.includes('classificação NR-7'))).toHaveLength(4);
  });
});

describe('readFhirBundle with another system\'s bundle', () => {
  const obs = (id: string, code: string, value: number | undefined, extra: Record<string, unknown> = {}) => ({
    fullUrl: `http://example.org/fhir/Observation/${id}`,
    resource: { resourceType: 'Observation', id, status: 'final', code: { coding: [{ system: 'http://loinc.org', code }] }, subject: { reference: 'Patient/p1' }, effectiveDateTime: '2023-05-10T09:00:00-03:00', ...(value === undefined ? {} : { valueQuantity: { value, unit: 'dB', system: 'http://unitsofmeasure.org', code: 'dB' } }), ...extra },
  });
  const bundle = {
    resourceType: 'Bundle', type: 'collection',
    entry: [
      { fullUrl: 'http://example.org/fhir/Patient/p1', resource: { resourceType: 'Patient', id: 'p1', name: [{ given: ['João'], family: 'Souza' }], gender: 'male', birthDate: '1975-01-01', identifier: [{ system: 'urn:oid:2.16.840.1.113883.13.237', value: '529.982.247-25' }] } },
      obs('a', '89017-8', 20),
      obs('b', '91378-0', 25),
      obs('c', '89023-6', 95, { valueQuantity: { value: 95, comparator: '>', unit: 'dB HL', system: 'http://unitsofmeasure.org', code: 'dB' } }),
      obs('d', '89017-8', 10, { method: { text: 'Bone conduction' } }),
      obs('e', '89016-0', undefined, { dataAbsentReason: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'not-performed' }] } }),
      { resource: { resourceType: 'Encounter', id: 'enc1', status: 'finished' } },
    ],
  };

  it('groups loose thresholds by subject and date, reads bone from the method, reports what it cannot import per entry', () => {
    const reading = readFhirBundle(bundle);
    const exams = reading.records.filter((r): r is { line: number; cells: Record<string, string> } => 'cells' in r);
    expect(exams).toHaveLength(1);
    expect(exams[0].cells).toMatchObject({ nome: 'João Souza', sexo: 'M', cpf: '529.982.247-25', data_exame: '2023-05-10', od_1000: '20', od_4000: 'NR95', od_vo_1000: '10' });
    const problems = reading.records.filter((r): r is { line: number; problem: string } => 'problem' in r);
    expect(problems.map((p) => p.line)).toEqual([3, 6, 7]);
    expect(problems[0].problem).toMatch(/750 Hz/);
    expect(problems[1].problem).toMatch(/sem valor numérico \(dataAbsentReason/);
    expect(problems[2].problem).toMatch(/Encounter não é importado/);
  });

  it('refuses what is not a Bundle', () => {
    expect(() => readFhirBundle({ resourceType: 'Patient' })).toThrow(FhirBundleUnreadableError);
    expect(() => readFhirBundle([])).toThrow(/não é um objeto JSON/);
  });
});

describe('round trip (property)', () => {
  const grid = fc.integer({ min: -2, max: 24 }).map((k) => k * 5);
  const threshold = fc.oneof({ weight: 8, arbitrary: grid }, { weight: 1, arbitrary: fc.integer({ min: 14, max: 24 }).map((k) => noResponse(k * 5)) });
  const map = (freqs: readonly number[]) => fc.record(Object.fromEntries(freqs.map((hz) => [hz, threshold])), { requiredKeys: [] }) as fc.Arbitrary<Record<number, Threshold>>;
  const ear = fc.record({ air: map(AIR_FREQUENCIES), bone: fc.option(map(BONE_FREQUENCIES), { nil: undefined }) });

  it('any audiogram on the grid comes back from the bundle through the row parser of the import unchanged', () => {
    fc.assert(fc.property(ear, ear, (right, left) => {
      // the import needs one air threshold at least (docs/csv-format.md)
      fc.pre(Object.keys(right.air).length + Object.keys(left.air).length > 0);
      const exam = { id: '77777777-7777-4777-8777-777777777777', date: '2024-02-02', right, left, classification: {} };
      const reading = readFhirBundle(JSON.parse(JSON.stringify(buildPatientBundle({ ...input, exams: [exam], reports: [] }))));
      expect(reading.records).toHaveLength(1);
      const record = reading.records[0];
      if (!('cells' in record)) throw new Error(record.problem);
      const parsed = parseImportRow(record.line, record.cells, new Date('2026-01-01T00:00:00Z'));
      if (!parsed.ok) throw new Error(parsed.reasons.join(' '));
      const norm = (e: EarAudiogram) => ({ air: e.air, bone: e.bone && Object.keys(e.bone).length ? e.bone : undefined });
      expect(norm(parsed.row.exam.right)).toEqual(norm(right));
      expect(norm(parsed.row.exam.left)).toEqual(norm(left));
    }), { numRuns: 200 });
  });
});
