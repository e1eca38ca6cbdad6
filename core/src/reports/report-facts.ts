import { PROFESSIONAL_TYPE_LABELS, registryLabel } from '../accounts/registries';
import type { AudiometricExam, EarAudiogram } from '../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../audiogram/frequencies';
import { isNoResponse, type Threshold } from '../audiogram/threshold';
import { round2 } from '../analysis/round';
import { toAudiometricExam, type Exam } from '../exams/exam';
import { ageOnDate, type Patient } from '../patients/patient';
import { SEX_LABELS } from '../patients/sex';
import { acoemEarlyNihlPattern } from '../rules/clinical-pattern';
import { lloydKaplanGrade, who1997Grade } from '../rules/degree/degree-scales';
import { mean346, mean346Bound, pta3, pta3Bound, pta4, pta4Bound } from '../rules/degree/pure-tone-average';
import { walkReferenceHistory } from '../rules/nr7/reference-history';

import { lossClassFromMean, severityFromPta } from '../rules/degree/spec-scales';
import { lossTypeOf } from '../rules/loss-type';
import { classifyNr7Ear } from '../rules/nr7/classify-nr7-ear';
import { checkExamValidity } from '../rules/nr7/exam-validity';
import { missingMandatoryFrequencies } from '../rules/nr7/missing-frequencies';
import { ruleSetOn } from '../rules/nr7/rule-set';
import { RULES_VERSION } from '../rules/rules-version';
import { invariant } from '../shared/domain-error';
import { comparisonFacts, nexoFacts } from './report-facts-comparison';
import type { AudiometryType, EarFacts, HistoryEntry, MissingItem, NexoAnswersInput, ProfessionalInput, ReportFacts, Side, ThresholdPoint } from './report-facts-types';
import { NR7_CLASS_ITEM, type PairoGrade } from './report-labels';

export interface ReportFactsInput {
  readonly exam: Exam;
  /** Every exam of the patient (the reported one may be included); order does not matter. */
  readonly history: readonly Exam[];
  readonly patient: Patient;
  readonly professional: ProfessionalInput;
  readonly organizationName: string;
  readonly audiometryType: AudiometryType;
  readonly consultationType?: string | null;
  readonly consultationReason?: string | null;
  /** Required for the nexo-causal type (spec §7 nexoCausalData); its absence is a critical missing item. */
  readonly nexoAnswers?: NexoAnswersInput | null;
  /** The physician's "já confirmado" per ear for NR-7 5.4 (clinical-rules I6). */
  readonly confirmedPainpse?: { readonly right?: boolean; readonly left?: boolean };
  /** ISO date of the draft. */
  readonly today: string;
}

const point = (frequency: number, t: Threshold | undefined): ThresholdPoint =>
  isNoResponse(t) ? { frequency, value: t.level, noResponse: true } : { frequency, value: typeof t === 'number' ? t : null, noResponse: false };

/**
 * Editor option (spec §5) of one ear: aceitavel → normal; sugestivo_painpse → PAIRO grade from the
 * 3–6 kHz mean on the spec's 25/40/55 dB limits (§9), > 55 → severo; otherwise no PAIRO grade.
 */
export function pairoGradeOf(ear: EarAudiogram): PairoGrade | null {
  const c = classifyNr7Ear(ear);
  if (c === 'aceitavel') return 'normal';
  if (c !== 'sugestivo_painpse') return null;
  const m = mean346(ear);
  if (m === null) return null;
  return m <= 40 ? 'leve' : m <= 55 ? 'moderado' : 'severo';
}

function earFacts(side: Side, ear: EarAudiogram): EarFacts {
  const cls = classifyNr7Ear(ear);
  const p3 = pta3(ear);
  const m = mean346(ear);
  return {
    side,
    air: AIR_FREQUENCIES.map((f) => point(f, ear.air[f])),
    bone: ear.bone ? BONE_FREQUENCIES.map((f) => point(f, ear.bone?.[f])) : [],
    nr7Class: cls,
    nr7Item: cls ? NR7_CLASS_ITEM[cls] : null,
    pairoGrade: pairoGradeOf(ear),
    pta3: round2(p3),
    pta3Bound: pta3Bound(ear) ?? null,
    pta4: round2(pta4(ear)),
    pta4Bound: pta4Bound(ear) ?? null,
    mean346: round2(m),
    mean346Bound: mean346Bound(ear) ?? null,
    severity: severityFromPta(p3),
    lossClass346: lossClassFromMean(m),
    lloydKaplan: lloydKaplanGrade(p3),
    who1997: who1997Grade(pta4(ear)),
    lossType: lossTypeOf(ear),
    acoemPattern: acoemEarlyNihlPattern(ear),
    missingFrequencies: missingMandatoryFrequencies(ear),
  };
}

/** The patient's exams up to and including the reported one, ordered as classify-exams.ts does. */
function examsUpTo(exam: Exam, history: readonly Exam[]): Exam[] {
  const all = [...history.filter((e) => e.id !== exam.id), exam];
  const ordered = all.sort((a, b) => (a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1));
  return ordered.slice(0, ordered.findIndex((e) => e.id === exam.id) + 1);
}

const maskCpf = (cpf: string | null) => (cpf && /^\d{11}$/.test(cpf) ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf);

/** Spec §3: "CRM-STATE" when both exist, else the CRM, else operatorRegistration, else '-'. */
const operatorRegistration = (e: Exam) =>
  e.operatorCrm && e.operatorCrmState ? `${e.operatorCrm}-${e.operatorCrmState}` : e.operatorCrm || e.operatorRegistration || '-';

function validityOf(exam: Exam, audiometric: AudiometricExam, answers: NexoAnswersInput | null | undefined) {
  const findings = checkExamValidity(audiometric);
  const recorded = exam.acousticRestHours;
  const restSource = recorded !== null && recorded !== undefined ? 'exam' : answers ? 'declared' : 'none';
  const restOk = restSource === 'exam' ? (recorded as number) >= 14 : restSource === 'declared' ? answers?.repousoAuditivo14h === 'sim' : false;
  const equipmentOk = exam.calibrationDate !== null && !findings.some((f) => f.code.startsWith('NR7.ACOUSTIC_CHECK') || f.code === 'NR7.CALIBRATION_OVERDUE');
  return { findings, restOk, restSource, equipmentOk } as const;
}

function missingItems(facts: Pick<ReportFacts, 'validity' | 'ears' | 'audiometryType' | 'comparison'>, answers: NexoAnswersInput | null | undefined): MissingItem[] {
  const out: MissingItem[] = [];
  for (const f of facts.validity.findings) {
    if (f.code === 'NR7.REST_NOT_RECORDED' && facts.validity.restSource === 'declared') continue;
    out.push({ code: f.code, text: f.message });
  }
  if (facts.validity.restSource === 'declared' && answers?.repousoAuditivo14h === 'nao') {
    out.push({ code: 'NR7.REST_NOT_DONE', text: 'Repouso auditivo de 14 horas não cumprido, segundo o questionário (NR-7, Anexo II, item 3.4).' });
  }
  for (const side of ['right', 'left'] as const) {
    if (facts.ears[side].nr7Class === null) {
      out.push({ code: 'NR7.CLASS_UNDECIDED', text: `Classificação NR-7 indeterminada na orelha ${side === 'right' ? 'direita' : 'esquerda'} (frequência sem resposta ou não medida).` });
    }
  }
  if (facts.comparison && (facts.comparison.desencadeamento === null || facts.comparison.agravamento === null)) {
    out.push({ code: 'NR7.COMPARISON_UNDECIDED', text: 'Comparação com o exame de referência indeterminada por frequência sem resposta ou não medida.' });
  }
  if (facts.audiometryType === 'nexo-causal' && !answers) {
    out.push({ code: 'NEXO.ANSWERS_MISSING', text: 'Respostas do questionário de nexo causal não informadas.' });
  }
  return out;
}

/** How a laudo names a professional: name, type, registry and specialization (the signature block). */
export function professionalFacts(professional: ProfessionalInput): ReportFacts['professional'] {
  return {
    name: professional.name,
    typeLabel: professional.professionalType ? PROFESSIONAL_TYPE_LABELS[professional.professionalType] : null,
    registry: registryLabel(professional) ?? null,
    specialization: professional.specialization ?? null,
  };
}

/**
 * Computes every fact a laudo may state for `input.exam`, comparing it with the patient's reference
 * exam in force (NR-7 Anexo II 5.5.1) with the physician's per-ear "já confirmado" (I6) applied.
 * Pure; numbers are dB HL rounded to 2 decimals for display (classes use the exact values, I10).
 * Throws InvariantViolation when the patient of the exam differs from `input.patient`.
 */
export function buildReportFacts(input: ReportFactsInput): ReportFacts {
  const { exam, patient, professional } = input;
  invariant(exam.patientId === patient.id, 'buildReportFacts: exam of another patient');
  const exams = examsUpTo(exam, input.history);
  const audiometric = exams.map((e) => toAudiometricExam(e));
  const current = audiometric[audiometric.length - 1];
  const ears = { right: earFacts('right', exam.right), left: earFacts('left', exam.left) };
  const comparison = comparisonFacts(audiometric, input.confirmedPainpse ?? {});
  const validity = validityOf(exam, current, input.nexoAnswers);
  const walk = walkReferenceHistory(audiometric);
  const entryOf = new Map(walk.entries.map((en) => [en.exam, en] as const));
  const roles = audiometric.map((a) => entryOf.get(a));
  const own = roles[roles.length - 1];
  const historyEar = (ear: EarAudiogram) => ({ nr7Class: classifyNr7Ear(ear), pairoGrade: pairoGradeOf(ear), mean346: round2(mean346(ear)), mean346Bound: mean346Bound(ear) ?? null });
  const history: HistoryEntry[] = exams.map((e, i) => ({
    examId: e.id,
    date: e.date,
    right: historyEar(e.right),
    left: historyEar(e.left),
    isReported: e.id === exam.id,
    role: roles[i]?.role ?? 'sem_limiares',
  }));
  const answers = input.audiometryType === 'nexo-causal' ? input.nexoAnswers ?? null : null;
  const partial = { validity, ears, audiometryType: input.audiometryType, comparison };
  return {
    rulesVersion: RULES_VERSION,
    audiometryType: input.audiometryType,
    today: input.today,
    organizationName: input.organizationName,
    professional: professionalFacts(professional),
    patient: {
      name: patient.name,
      age: ageOnDate(patient, exam.date),
      sexLabel: SEX_LABELS[patient.sex] ?? 'Não informado',
      birthDate: patient.birthDate,
      cpf: maskCpf(patient.cpf),
      company: patient.companyName,
      jobTitle: patient.jobTitle,
    },
    exam: {
      id: exam.id,
      date: exam.date,
      ruleSet: ruleSetOn(exam.date),
      operatorName: exam.operatorName || 'N/A',
      operatorRegistration: operatorRegistration(exam),
      consultationType: input.consultationType ?? exam.consultationType,
      consultationReason: input.consultationReason ?? exam.consultationReason,
      ambientNoiseDb: exam.ambientNoiseDb,
      calibrationDate: exam.calibrationDate,
      transducer: exam.transducer,
      restHours: exam.acousticRestHours,
      observacoes: exam.observacoes,
      anamnese: exam.anamnese ?? null,
      meatoscopia: exam.meatoscopia ?? null,
      mascaramento: exam.mascaramento ?? null,
      speechTest: exam.speechTest ?? null,
      isReference: own?.role === 'referencia',
      referenceBasis: own?.role === 'referencia' ? own.referenceBasis ?? null : null,
      referenceDesignationReason: own?.role === 'referencia' ? current.designatedReference?.reason ?? null : null,
      withoutThresholds: own?.role === 'sem_limiares',
    },
    ears,
    comparison,
    history,
    validity,
    missing: missingItems(partial, input.audiometryType === 'nexo-causal' ? input.nexoAnswers : undefined),
    nexo: answers ? nexoFacts(answers, audiometric, comparison) : null,
  };
}
