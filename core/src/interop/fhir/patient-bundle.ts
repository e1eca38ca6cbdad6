import type { Ear, EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../audiogram/frequencies';
import { isNoResponse, type Threshold } from '../../audiogram/threshold';
import type { Sex } from '../../patients/sex';
import { sha1, toBase64, uuidV5 } from './digest';
import {
  AUDIOGRAM_PANEL, AUDIOLOGY_REPORT, CONDUCTION_METHOD, CPF_SYSTEM, DB_HL, DIAGNOSTIC_SERVICE_SECTION, EAR_SITE, LIMIAR_AUDIOMETRY_SYSTEM, LIMIAR_ID_SYSTEM,
  LIMIAR_NR7_SYSTEM, LOINC, LOINC_HEARING_THRESHOLD, NO_RESPONSE_INTERPRETATION, NR7_CLASSES, NR7_CLASSIFICATION_CODE, NR7_COMPARISON_CODE, NR7_COMPARISONS,
  OBSERVATION_CATEGORY, localThresholdCode, loincThresholdDisplay, type FhirConduction as Conduction,
} from './fhir-codes';
import type { Bundle, BundleEntry, CodeableConcept, DiagnosticReport, LimiarFhirResource, Observation, Patient, Reference } from './fhir-types';

/** The worker, as the export reads him. */
export interface FhirPatientInput {
  id: string;
  name: string;
  sex: Sex;
  /** ISO YYYY-MM-DD. */
  birthDate: string | null;
  /** 11 digits. */
  cpf: string | null;
}

/** One exam, with its stored classification document (the keys of `limiar analyze`). */
export interface FhirExamInput {
  id: string;
  /** ISO YYYY-MM-DD. */
  date: string;
  right: EarAudiogram;
  left: EarAudiogram;
  classification: Record<string, unknown>;
  transducer?: string | null;
  mascaramento?: string | null;
}

/** The current, finalised version of an exam's laudo, with its issued PDF (null when it was removed, LGPD). */
export interface FhirReportInput {
  id: string;
  examId: string;
  version: number;
  finalizedAt: Date | null;
  doctorName: string;
  pdf: Uint8Array | null;
}

export interface PatientBundleInput {
  patient: FhirPatientInput;
  /** Oldest first. */
  exams: readonly FhirExamInput[];
  reports: readonly FhirReportInput[];
  generatedAt: Date;
}

/** Namespace of the name-based UUIDs of the export's full URLs (fixed: a re-export gives the same URLs). */
const FULL_URL_NAMESPACE = '6f1c2a4e-8d0b-4c57-9a53-2e7b1f0c9d31';
const urlOf = (key: string) => `urn:uuid:${uuidV5(FULL_URL_NAMESPACE, key)}`;
const idOf = (fullUrl: string) => fullUrl.slice('urn:uuid:'.length);

const GENDER: Record<Sex, Patient['gender']> = { M: 'male', F: 'female', O: 'other' };
const EARS: readonly Ear[] = ['right', 'left'];
const EAR_LABEL: Record<Ear, string> = { right: 'OD', left: 'OE' };
const EXAM_CATEGORY: CodeableConcept[] = [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'exam', display: 'Exam' }] }];

const thresholdsOf = (ear: EarAudiogram, conduction: Conduction): Array<[number, Threshold]> => {
  const map = (conduction === 'air' ? ear.air : ear.bone) as Readonly<Partial<Record<number, Threshold>>> | undefined;
  if (!map) return [];
  const grid: readonly number[] = conduction === 'air' ? AIR_FREQUENCIES : BONE_FREQUENCIES;
  return grid.filter((hz) => map[hz] !== null && map[hz] !== undefined).map((hz) => [hz, map[hz] as Threshold]);
};

function thresholdObservation(exam: FhirExamInput, subject: Reference, ear: Ear, conduction: Conduction, hz: number, t: Threshold, fullUrl: string): Observation {
  const local = localThresholdCode(conduction, ear, hz);
  const coding = conduction === 'air' ? [{ system: LOINC, code: LOINC_HEARING_THRESHOLD[ear][hz], display: loincThresholdDisplay(ear, hz) }, local] : [local];
  const obs: Observation = {
    resourceType: 'Observation',
    id: idOf(fullUrl),
    status: 'final',
    category: EXAM_CATEGORY,
    code: { coding, text: `Limiar ${conduction === 'air' ? 'VA' : 'VO'} ${EAR_LABEL[ear]} ${hz} Hz` },
    subject,
    effectiveDateTime: exam.date,
    bodySite: { coding: [EAR_SITE[ear]] },
    method: { coding: [CONDUCTION_METHOD[conduction]] },
  };
  if (isNoResponse(t)) {
    // no response up to the highest level presented: the threshold is known only to be above it (clinical-rules I11)
    obs.valueQuantity = { value: t.level, comparator: '>', ...DB_HL };
    obs.interpretation = [{ coding: [NO_RESPONSE_INTERPRETATION], text: 'Sem resposta' }];
  } else obs.valueQuantity = { value: t as number, ...DB_HL };
  return obs;
}

const classConcept = (value: unknown): CodeableConcept | undefined => {
  if (typeof value !== 'string' || !(value in NR7_CLASSES)) return undefined;
  const display = NR7_CLASSES[value as keyof typeof NR7_CLASSES];
  return { coding: [{ system: LIMIAR_NR7_SYSTEM, code: value, display }], text: display };
};

function comparisonConcept(c: Record<string, unknown>, ear: Ear): CodeableConcept {
  const triggered = c[`desencadeamento_${ear}`];
  const worsened = c[`agravamento_${ear}`];
  const code: keyof typeof NR7_COMPARISONS = triggered === true ? 'desencadeamento' : worsened === true ? 'agravamento'
    : triggered === false && worsened === false ? 'sem_desencadeamento_ou_agravamento' : 'indeterminado';
  return { coding: [{ system: LIMIAR_NR7_SYSTEM, code, display: NR7_COMPARISONS[code] }], text: NR7_COMPARISONS[code] };
}

/**
 * A worker's audiometry as a FHIR R4 `Bundle` of type `collection` (docs/fhir.md): the `Patient` (CPF
 * in the RNDS NamingSystem), per exam one LOINC 89015-2 panel `Observation` whose `hasMember` are the
 * per-threshold `Observation`s (value in dB HL; a no-response is `> level` with its interpretation),
 * the NR-7 classification per ear (and, for a sequential exam, the comparison with the reference) as
 * `Observation`s with a `valueCodeableConcept` of Limiar's NR-7 code system, and each finalised laudo
 * (its current version) as a `DiagnosticReport` with the issued PDF in `presentedForm` (base64, SHA-1).
 * Full URLs are name-based UUIDs of the records' ids: exporting twice gives the same bundle.
 */
export function buildPatientBundle(input: PatientBundleInput): Bundle {
  const entries: BundleEntry[] = [];
  const add = (fullUrl: string, resource: LimiarFhirResource) => entries.push({ fullUrl, resource });
  const p = input.patient;
  const patientUrl = urlOf(`patient|${p.id}`);
  const patient: Patient = {
    resourceType: 'Patient',
    id: idOf(patientUrl),
    identifier: [
      ...(p.cpf ? [{ use: 'official' as const, system: CPF_SYSTEM, value: p.cpf }] : []),
      { use: 'secondary' as const, system: LIMIAR_ID_SYSTEM, value: `trabalhador/${p.id}` },
    ],
    name: [{ text: p.name }],
    gender: GENDER[p.sex],
    ...(p.birthDate ? { birthDate: p.birthDate } : {}),
  };
  add(patientUrl, patient);
  const subject: Reference = { reference: patientUrl, display: p.name };

  const panelUrl = new Map(input.exams.map((e) => [e.id, urlOf(`exam|${e.id}`)]));
  const resultsOf = new Map<string, Reference[]>();
  const emitted = new Set<string>();
  for (const exam of input.exams) {
    const url = panelUrl.get(exam.id)!;
    const members: Array<[string, Observation]> = [];
    for (const conduction of ['air', 'bone'] as const) {
      for (const ear of EARS) {
        for (const [hz, t] of thresholdsOf(exam[ear], conduction)) {
          const memberUrl = urlOf(`threshold|${exam.id}|${conduction}|${ear}|${hz}`);
          members.push([memberUrl, thresholdObservation(exam, subject, ear, conduction, hz, t, memberUrl)]);
        }
      }
    }
    // an exam registered without any threshold yet has nothing audiometric to share (nor a laudo)
    if (!members.length) continue;
    const notes = [
      exam.transducer ? `Transdutor: ${exam.transducer}` : null,
      exam.mascaramento ? `Mascaramento: ${exam.mascaramento}` : null,
    ].filter((n): n is string => n !== null);
    const panel: Observation = {
      resourceType: 'Observation',
      id: idOf(url),
      identifier: [{ system: LIMIAR_ID_SYSTEM, value: `exame/${exam.id}` }],
      status: 'final',
      category: EXAM_CATEGORY,
      code: { coding: [AUDIOGRAM_PANEL, { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'audiometria-tonal', display: 'Audiometria tonal limiar' }], text: 'Audiometria tonal limiar' },
      subject,
      effectiveDateTime: exam.date,
      hasMember: members.map(([u]) => ({ reference: u })),
      ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
    };
    add(url, panel);
    emitted.add(exam.id);
    for (const [u, m] of members) add(u, m);
    const results: Reference[] = [{ reference: url }];

    const c = exam.classification ?? {};
    const sequential = c.exam_role === 'sequencial';
    const referenceUrl = typeof c.reference_exam_id === 'string' && emitted.has(c.reference_exam_id) ? panelUrl.get(c.reference_exam_id) : undefined;
    for (const ear of EARS) {
      const value = classConcept(c[`classification_${ear}`]);
      if (!value) continue;
      const classUrl = urlOf(`classification|${exam.id}|${ear}`);
      const observation: Observation = {
        resourceType: 'Observation',
        id: idOf(classUrl),
        status: 'final',
        category: EXAM_CATEGORY,
        code: { coding: [NR7_CLASSIFICATION_CODE], text: `Classificação NR-7 ${EAR_LABEL[ear]}` },
        subject,
        effectiveDateTime: exam.date,
        bodySite: { coding: [EAR_SITE[ear]] },
        valueCodeableConcept: value,
        derivedFrom: [{ reference: url }, ...(sequential && referenceUrl ? [{ reference: referenceUrl }] : [])],
        ...(sequential ? { component: [{ code: { coding: [NR7_COMPARISON_CODE] }, valueCodeableConcept: comparisonConcept(c, ear) }] } : {}),
        ...(typeof c.rules_version === 'string' ? { note: [{ text: `Calculada pelo Limiar, regras ${c.rules_version}${sequential && typeof c.reference_date === 'string' ? `; exame de referência de ${c.reference_date}` : ''}.` }] } : {}),
      };
      add(classUrl, observation);
      results.push({ reference: classUrl });
    }
    resultsOf.set(exam.id, results);
  }

  for (const r of input.reports) {
    const results = resultsOf.get(r.examId);
    if (!results) continue;
    const exam = input.exams.find((e) => e.id === r.examId)!;
    const reportUrl = urlOf(`report|${r.id}`);
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id: idOf(reportUrl),
      identifier: [{ system: LIMIAR_ID_SYSTEM, value: `laudo/${r.id}` }],
      // a later version of a laudo that had been final is an amendment (retificação)
      status: r.version > 1 ? 'amended' : 'final',
      category: [{ coding: [{ system: DIAGNOSTIC_SERVICE_SECTION, code: 'AU', display: 'Audiology' }] }],
      code: { coding: [AUDIOLOGY_REPORT], text: 'Laudo audiométrico' },
      subject,
      effectiveDateTime: exam.date,
      ...(r.finalizedAt ? { issued: r.finalizedAt.toISOString() } : {}),
      performer: [{ display: r.doctorName }],
      result: results,
      ...(r.pdf
        ? {
          presentedForm: [{
            contentType: 'application/pdf', language: 'pt-BR', data: toBase64(r.pdf), hash: toBase64(sha1(r.pdf)),
            title: `Laudo audiométrico de ${exam.date}${r.version > 1 ? ` (versão ${r.version})` : ''}.pdf`,
            ...(r.finalizedAt ? { creation: r.finalizedAt.toISOString() } : {}),
          }],
        }
        : { conclusion: 'O PDF emitido deste laudo foi excluído a pedido do titular dos dados (LGPD); o registro do laudo permanece.' }),
    };
    add(reportUrl, report);
  }

  return { resourceType: 'Bundle', type: 'collection', timestamp: input.generatedAt.toISOString(), entry: entries };
}
