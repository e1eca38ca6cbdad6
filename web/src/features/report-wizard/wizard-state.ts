import type { Draft, GenerateReportInput, Report } from '../reports/api';

/** Spec §3 wizard state values. */
export const CONSULTATION_TYPES = ['Eletiva', 'Ocupacional', 'Judicial / Pericial', 'Infantil / Neo Natal'] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];
export const OCCUPATIONAL_REASONS = ['Admissional', 'Periódica', 'Retorno ao trabalho', 'Mudança de função', 'Demissional'] as const;
export type AudiometryType = 'simple' | 'nexo-causal';
export type YesNo = '' | 'sim' | 'nao';
export type YesNoUnknown = YesNo | 'nao-sei';

export interface NexoQuestions {
  pausaRuido: YesNo;
  volumeAlto: YesNo;
  /** As typed (number input, min 0, step 0.5); sent as an integer, 0 if not numeric (spec §5). */
  tempoExposicao: string;
  funcaoRuidosa: YesNo;
  usoEPI: YesNoUnknown;
}

export interface UploadedFile {
  id: string;
  fileName: string;
  /** False when the automatic analysis failed (spec §3 upload response). */
  analysisSucceeded: boolean;
}

export interface WizardState {
  step: number;
  patientId: string;
  doctorId: string;
  consultationType: ConsultationType | '';
  consultationReason: string;
  audiometryType: AudiometryType;
  nexoCausalQuestions: NexoQuestions;
  examId: string | null;
  uploadedFiles: UploadedFile[];
  /** The exam holds air thresholds: read from a file, or typed and saved in the review grid after a failed analysis (product decision: resolves step 4). */
  examHasThresholds: boolean;
  generatedReport: Draft | null;
  editedReport: Draft | null;
  reportId: string | null;
  /** The report as finalised at 6 → 7 (Finalizado, PDF issued). */
  finalReport: Report | null;
  error: string | null;
}

export const LAST_STEP = 7;

export const initialWizardState = (patientId = ''): WizardState => ({
  step: 0,
  patientId,
  doctorId: '',
  consultationType: '',
  consultationReason: '',
  audiometryType: 'simple',
  nexoCausalQuestions: { pausaRuido: '', volumeAlto: '', tempoExposicao: '', funcaoRuidosa: '', usoEPI: '' },
  examId: null,
  uploadedFiles: [],
  examHasThresholds: false,
  generatedReport: null,
  editedReport: null,
  reportId: null,
  finalReport: null,
  error: null,
});

export type WizardAction =
  | { type: 'patch'; patch: Partial<WizardState> }
  | { type: 'consultationType'; value: ConsultationType }
  | { type: 'nexo'; patch: Partial<NexoQuestions> }
  | { type: 'filesUploaded'; files: UploadedFile[] }
  | { type: 'go'; step: number }
  | { type: 'error'; message: string | null };

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'patch':
      return { ...state, ...action.patch };
    case 'consultationType':
      // spec §2 step 1: changing the type clears the reason
      return action.value === state.consultationType ? state : { ...state, consultationType: action.value, consultationReason: '', error: null };
    case 'nexo':
      return { ...state, nexoCausalQuestions: { ...state.nexoCausalQuestions, ...action.patch } };
    case 'filesUploaded': {
      const known = new Set(state.uploadedFiles.map((f) => f.id));
      return { ...state, uploadedFiles: [...state.uploadedFiles, ...action.files.filter((f) => !known.has(f.id))] };
    }
    case 'go':
      return { ...state, step: Math.max(0, Math.min(LAST_STEP, action.step)), error: null };
    case 'error':
      return { ...state, error: action.message };
  }
}

/** Spec §5 wizard messages. */
export const WIZARD_MESSAGES = {
  patientAndDoctor: 'Por favor, selecione o paciente e o médico',
  consultationType: 'Por favor, selecione o tipo de consulta',
  consultationReason: 'Por favor, selecione o motivo da consulta ocupacional',
  audiometryType: 'Por favor, selecione o tipo de audiometria',
  nexoAnswers: 'Por favor, responda todas as perguntas do Nexo Causal',
  upload: 'Por favor, faça upload de pelo menos um arquivo',
  noSuccessfulAnalysis:
    'Nenhum arquivo foi analisado com sucesso pela IA. Você precisa preencher os dados do audiograma manualmente antes de prosseguir',
  generate: 'Por favor, gere o laudo antes de prosseguir',
  confirmNexo: 'Por favor, confirme ou altere o nível de nexo causal sugerido antes de finalizar',
} as const;

const isYears = (v: string) => v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0;

/**
 * Spec §4 "Wizard step conditions": null when the step may be left forward, else the §5 message.
 * Step 4 counts a failed analysis followed by manual entry saved in the review grid as resolved;
 * step 6, for the nexo type, needs the professional to confirm or change the suggested level
 * (product.md decision 5).
 */
export function stepBlocker(s: WizardState, context: { doctorReady: boolean } = { doctorReady: true }): string | null {
  switch (s.step) {
    case 0:
      return s.patientId && s.doctorId && context.doctorReady ? null : WIZARD_MESSAGES.patientAndDoctor;
    case 1:
      if (!s.consultationType) return WIZARD_MESSAGES.consultationType;
      return s.consultationType === 'Ocupacional' && !s.consultationReason ? WIZARD_MESSAGES.consultationReason : null;
    case 2:
      return s.audiometryType ? null : WIZARD_MESSAGES.audiometryType;
    case 3: {
      const q = s.nexoCausalQuestions;
      return q.pausaRuido && q.volumeAlto && isYears(q.tempoExposicao) && q.funcaoRuidosa && q.usoEPI ? null : WIZARD_MESSAGES.nexoAnswers;
    }
    case 4:
      if (s.uploadedFiles.length === 0) return WIZARD_MESSAGES.upload;
      return s.uploadedFiles.some((f) => f.analysisSucceeded) || s.examHasThresholds ? null : WIZARD_MESSAGES.noSuccessfulAnalysis;
    case 5:
      return s.generatedReport && s.reportId ? null : WIZARD_MESSAGES.generate;
    case 6: {
      if (!(s.editedReport ?? s.generatedReport)) return WIZARD_MESSAGES.generate;
      const draft = s.editedReport ?? s.generatedReport;
      const nexo = draft?.nexo_causal as { classificacao?: string | null; confirmado?: boolean } | undefined;
      return s.audiometryType === 'nexo-causal' && nexo?.classificacao && nexo.confirmado !== true ? WIZARD_MESSAGES.confirmNexo : null;
    }
    default:
      return null;
  }
}

/** Próximo's target: step 2 of the simple type skips the causal-link questions. */
export const nextStep = (s: Pick<WizardState, 'step' | 'audiometryType'>) => (s.step === 2 && s.audiometryType === 'simple' ? 4 : s.step + 1);
/** Voltar's target: from step 4 with the simple type back to step 2. */
export const previousStep = (s: Pick<WizardState, 'step' | 'audiometryType'>) => (s.step === 4 && s.audiometryType === 'simple' ? 2 : s.step - 1);
/** The exam record is created when leaving step 2 (simple) or step 3 (nexo-causal). */
export const createsExam = (s: Pick<WizardState, 'step' | 'audiometryType' | 'examId'>) =>
  !s.examId && ((s.step === 2 && s.audiometryType === 'simple') || (s.step === 3 && s.audiometryType === 'nexo-causal'));

/** Spec §5: exposure years sent as an integer, 0 when not numeric. */
export function exposureYears(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** Spec §7 POST /reports/generate/{examId} body; nexoCausalData null for the simple type. */
export function generatePayload(s: WizardState): GenerateReportInput {
  const q = s.nexoCausalQuestions;
  return {
    audiometryType: s.audiometryType,
    consultationType: s.consultationType || null,
    consultationReason: s.consultationType === 'Ocupacional' ? s.consultationReason || null : null,
    nexoCausalData:
      s.audiometryType === 'nexo-causal'
        ? {
            repousoAuditivo14h: q.pausaRuido,
            trabalhouExpostoRuido: q.volumeAlto,
            tempoExposicaoAnos: exposureYears(q.tempoExposicao),
            funcaoRuidosa: q.funcaoRuidosa,
            usoEPI: q.usoEPI,
          }
        : null,
  };
}

/** Local calendar date as yyyy-mm-dd (the exam date is never shifted by time zone). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** File name of the wizard export: patient name and a timestamp (spec §7). */
export function exportFileName(patientName: string, now = new Date()): string {
  const slug =
    patientName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '_') || 'paciente';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}_${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `Laudo_${slug}_${stamp}.pdf`;
}
