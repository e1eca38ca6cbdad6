import type { ExamFinding } from '../rules/nr7/exam-validity';
import type { Nr7Classification } from '../rules/nr7/classify-nr7-ear';
import type { NexoLevel } from '../rules/nexo-causal/nexo-causal-table';
import type { RuleSet } from '../rules/nr7/rule-set';
import type { Tri } from '../rules/tri';
import type { DbBound } from '../rules/bounds';
import type { ExamRole, ReferenceBasis } from '../rules/nr7/reference-history';
import type { HearingSeverity, LossClass } from '../rules/degree/spec-scales';
import type { LloydKaplanGrade, Who1997Grade } from '../rules/degree/degree-scales';
import type { LossType } from '../rules/loss-type';
import type { PairoGrade } from './report-labels';

export type Side = 'right' | 'left';
export type AudiometryType = 'simple' | 'nexo-causal';

/** One plotted/printed threshold: a number in dB HL, a no-response at `value`, or not measured (value null). */
export interface ThresholdPoint {
  readonly frequency: number;
  readonly value: number | null;
  readonly noResponse: boolean;
}

/** Everything the laudo states about one ear of the reported exam (dB HL; means rounded to 2 decimals). */
export interface EarFacts {
  readonly side: Side;
  readonly air: readonly ThresholdPoint[];
  readonly bone: readonly ThresholdPoint[];
  /** NR-7 Anexo II item 5 outcome; null = undecided (NR or nothing measured). */
  readonly nr7Class: Nr7Classification | null;
  /** '5.1' | '5.2' | '5.2.1', null when undecided. */
  readonly nr7Item: string | null;
  /** The report editor's option (spec §5); null for nao_sugestivo/undecided (no PAIRO grade). */
  readonly pairoGrade: PairoGrade | null;
  /** Means with a no-response are lower bounds (I11): the matching `*Bound` is then 'min'. */
  readonly pta3: number | null;
  readonly pta3Bound: DbBound | null;
  readonly pta4: number | null;
  readonly pta4Bound: DbBound | null;
  readonly mean346: number | null;
  readonly mean346Bound: DbBound | null;
  /** Spec §4 exam-based severity from PTA3. */
  readonly severity: HearingSeverity | null;
  /** Spec §4 report-based loss class from the 3–6 kHz mean. */
  readonly lossClass346: LossClass | null;
  readonly lloydKaplan: LloydKaplanGrade | null;
  readonly who1997: Who1997Grade | null;
  readonly lossType: LossType | null;
  readonly acoemPattern: boolean | null;
  /** Mandatory air frequencies (NR-7 item 3.6) not measured, Hz. */
  readonly missingFrequencies: readonly number[];
}

/** One ear compared with the same ear of the reference exam (NR-7 Anexo II 5.3, 5.3.1, 5.4). */
export interface EarComparisonFacts {
  readonly referenceClass: Nr7Classification | null;
  readonly referenceMean346: number | null;
  /** 'min' (≥) / 'max' (≤) when the figure is a bound because of a no-response (I11); null when exact. */
  readonly referenceMean346Bound: DbBound | null;
  readonly deltaMean346: number | null;
  readonly deltaMean346Bound: DbBound | null;
  readonly deltaMean0512: number | null;
  readonly deltaMean0512Bound: DbBound | null;
  readonly maxShift346: number | null;
  readonly maxShift346Bound: DbBound | null;
  readonly maxShiftAny: number | null;
  readonly maxShiftAnyBound: DbBound | null;
  readonly desencadeamento: Tri;
  readonly agravamento: Tri;
  /** '5.3' | '5.3.1' | '5.4' when a flag is true. */
  readonly item: string | null;
  readonly criteria: readonly ('a' | 'b')[];
  /** True when the physician's "já confirmado" (I6) was given for this ear. */
  readonly confirmedByProfessional: boolean;
}

export interface ComparisonFacts {
  readonly referenceDate: string;
  /** Why that exam is the reference (first exam, replaced under 5.5.1, designated…). */
  readonly referenceBasis: ReferenceBasis;
  /** The professional's reason when the reference was designated (I12). */
  readonly referenceDesignationReason: string | null;
  readonly right: EarComparisonFacts;
  readonly left: EarComparisonFacts;
  readonly desencadeamento: Tri;
  readonly agravamento: Tri;
  /** Reference in force after this exam (NR-7 5.5.1). */
  readonly newReferenceDate: string;
  /** Portaria 19 item 4.2.4: a new exam under reference conditions is needed. */
  readonly newReferenceExamRequired: boolean;
}

export interface HistoryEar {
  readonly nr7Class: Nr7Classification | null;
  readonly pairoGrade: PairoGrade | null;
  readonly mean346: number | null;
  readonly mean346Bound: DbBound | null;
}

/** One exam of the patient's history up to the reported one (spec §3 interpretacao_portaria19.exames[]). */
export interface HistoryEntry {
  readonly examId: string;
  readonly date: string;
  readonly right: HistoryEar;
  readonly left: HistoryEar;
  readonly isReported: boolean;
  /** Role in the reference chain: referencia, sequencial or sem_limiares (an exam without thresholds, I11). */
  readonly role: ExamRole;
}

export interface NexoFactsOfReport {
  readonly level: NexoLevel;
  readonly rule: string;
  readonly grounds: readonly string[];
  readonly frame: string;
  readonly checklist: readonly { readonly item: string; readonly status: string }[];
  readonly answers: NexoAnswersInput;
}

/** The wizard's five answers as the API receives them (spec §7 nexoCausalData). */
export interface NexoAnswersInput {
  readonly repousoAuditivo14h: 'sim' | 'nao';
  readonly trabalhouExpostoRuido: 'sim' | 'nao';
  /** Years (≥ 0). */
  readonly tempoExposicaoAnos: number;
  readonly funcaoRuidosa: 'sim' | 'nao';
  readonly usoEPI: 'sim' | 'nao' | 'nao-sei';
}

export interface ProfessionalInput {
  readonly name: string;
  readonly professionalType: 'Medico' | 'Fonoaudiologo' | 'Engenheiro' | null;
  readonly crm?: string | null;
  readonly crmState?: string | null;
  readonly crfa?: string | null;
  readonly crfaRegion?: string | null;
  readonly crea?: string | null;
  readonly creaState?: string | null;
  readonly specialization?: string | null;
}

/** A missing or invalid piece of data the laudo must flag (draft `faltantes_criticos`). */
export interface MissingItem {
  readonly code: string;
  readonly text: string;
}

/**
 * Every number, class and level a laudo may state, computed by the core rules (rulesVersion).
 * The narrative writers and the PDF template read only this; the narrative check compares text with it.
 */
export interface ReportFacts {
  readonly rulesVersion: string;
  readonly audiometryType: AudiometryType;
  /** ISO date the draft was built. */
  readonly today: string;
  readonly organizationName: string;
  readonly professional: {
    readonly name: string;
    readonly typeLabel: string | null;
    /** "CRM 123456/SP", "CRFa 2-12345", "CREA 123/SP"; null when the profile lacks it. */
    readonly registry: string | null;
    readonly specialization: string | null;
  };
  readonly patient: {
    readonly name: string;
    /** Age on the exam date (from the birth date), else the recorded age; null when unknown. */
    readonly age: number | null;
    readonly sexLabel: string;
    readonly birthDate: string | null;
    /** Masked 000.000.000-00, or null. */
    readonly cpf: string | null;
    readonly company: string | null;
    readonly jobTitle: string | null;
  };
  readonly exam: {
    readonly id: string;
    readonly date: string;
    readonly ruleSet: RuleSet;
    readonly operatorName: string;
    readonly operatorRegistration: string;
    readonly consultationType: string | null;
    readonly consultationReason: string | null;
    readonly ambientNoiseDb: number | null;
    readonly calibrationDate: string | null;
    readonly transducer: string | null;
    readonly restHours: number | null;
    readonly observacoes: string | null;
    /** Clinical fields of the exam (issue 14), printed when present; absent in drafts made before them. */
    readonly anamnese?: string | null;
    readonly meatoscopia?: { readonly od: string | null; readonly oe: string | null } | null;
    readonly mascaramento?: string | null;
    /** Speech audiometry: SRT/LRF (dB) and IPRF/WRS (%) per ear. */
    readonly speechTest?: { readonly srtRe: number | null; readonly srtLe: number | null; readonly wrsRe: number | null; readonly wrsLe: number | null } | null;
    /** True when this exam is itself the reference exam (first with thresholds, or designated). */
    readonly isReference: boolean;
    /** Why it is the reference, when it is. */
    readonly referenceBasis: ReferenceBasis | null;
    readonly referenceDesignationReason: string | null;
    /** The exam has no air-conduction value: nothing to classify (I11). */
    readonly withoutThresholds: boolean;
  };
  readonly ears: { readonly right: EarFacts; readonly left: EarFacts };
  /** Comparison with the reference in force; null for the first exam. */
  readonly comparison: ComparisonFacts | null;
  readonly history: readonly HistoryEntry[];
  readonly validity: {
    readonly findings: readonly ExamFinding[];
    /** Rest ≥ 14 h recorded on the exam, or declared "sim" in the nexo answers. */
    readonly restOk: boolean;
    readonly restSource: 'exam' | 'declared' | 'none';
    /** Audiometer check recorded and within 12 months of the exam (item 3.2 I). */
    readonly equipmentOk: boolean;
  };
  readonly missing: readonly MissingItem[];
  /** Nexo suggestion (nexo-causal type with answers); null otherwise. */
  readonly nexo: NexoFactsOfReport | null;
}
