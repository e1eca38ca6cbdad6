import type { Draft, GenerateReportInput, Report } from '../reports';

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
  /** True while the reading waits for the professional (another person's file, not high confidence; issue 14). */
  reviewPending?: boolean;
}

/** Where the laudo's exam comes from (issue 14): one of the worker's exams, or a new exam typed here and read from a file. */
export type ExamSource = 'existing' | 'new-file';

/** The new exam's record, shown and filled in by the user before it is created (never a silent default). */
export interface NewExamForm {
  /** yyyy-mm-dd; required. */
  date: string;
  /** Prefilled with the logged-in professional, editable. */
  operatorName: string;
  operatorRegistration: string;
  /** dB as typed; empty = not informed (never 0). */
  ambientNoise: string;
}

export interface WizardState {
  step: number;
  patientId: string;
  doctorId: string;
  consultationType: ConsultationType | '';
  consultationReason: string;
  audiometryType: AudiometryType;
  nexoCausalQuestions: NexoQuestions;
  /** The exam the laudo is drafted for: chosen from the worker's exams, or created from the new-exam form. */
  examId: string | null;
  examSource: ExamSource;
  newExam: NewExamForm;
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
  examSource: 'existing',
  newExam: { date: '', operatorName: '', operatorRegistration: '', ambientNoise: '' },
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
  | { type: 'newExam'; patch: Partial<NewExamForm> }
  | { type: 'patient'; patientId: string }
  | { type: 'chooseExam'; examId: string; hasThresholds: boolean }
  /** `operator`: the examiner a new exam starts with (the logged-in professional), set in the same render as the choice. */
  | { type: 'examSource'; source: ExamSource; operator?: { name: string; registration: string } }
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
    case 'newExam':
      return { ...state, newExam: { ...state.newExam, ...action.patch }, error: null };
    case 'patient':
      // another worker: the exam, its files and any draft belong to the previous one
      return action.patientId === state.patientId
        ? state
        : { ...state, patientId: action.patientId, examId: null, examSource: 'existing', uploadedFiles: [], examHasThresholds: false, generatedReport: null, editedReport: null, reportId: null, error: null };
    case 'chooseExam':
      return action.examId === state.examId && state.examSource === 'existing'
        ? state
        : { ...state, examSource: 'existing', examId: action.examId, examHasThresholds: action.hasThresholds, uploadedFiles: [], generatedReport: null, editedReport: null, reportId: null, error: null };
    case 'examSource': {
      if (action.source === state.examSource) return state;
      const next = { ...state, examSource: action.source, examId: null, examHasThresholds: false, uploadedFiles: [], generatedReport: null, editedReport: null, reportId: null, error: null };
      return action.source === 'new-file' && action.operator && !state.newExam.operatorName
        ? { ...next, newExam: { ...state.newExam, operatorName: action.operator.name, operatorRegistration: action.operator.registration } }
        : next;
    }
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
  chooseExam: 'Por favor, selecione o exame do laudo',
  newExamDate: 'Por favor, informe a data do exame',
  newExamFutureDate: 'A data do exame não pode ser futura',
  newExamExaminer: 'Por favor, informe o examinador',
  newExamNoise: 'Ruído ambiente inválido: informe um valor entre 0 e 120 dB ou deixe em branco',
  createExam: 'Por favor, crie o exame com os dados informados antes de enviar os arquivos',
  reviewReading: 'Revise e salve os limiares lidos na grade antes de prosseguir',
  readingHeld:
    'O arquivo foi lido, mas a leitura aguarda sua revisão (arquivo de outra pessoa ou leitura sem confiança alta). Confira a identificação e os limiares lidos abaixo e aplique a leitura para prosseguir, ou descarte-a e preencha os limiares manualmente.',
  applyHeldReading: 'Revise a leitura retida e aplique-a (ou preencha os limiares) antes de prosseguir',
  examLaudoFinalised: 'O exame escolhido já tem laudo finalizado. Escolha outro exame ou consulte o laudo em Laudos',
  noSuccessfulAnalysis:
    'Nenhum arquivo foi analisado com sucesso pela IA. Você precisa preencher os dados do audiograma manualmente antes de prosseguir',
  generate: 'Por favor, gere o laudo antes de prosseguir',
  confirmNexo: 'Por favor, confirme ou altere o nível de nexo causal sugerido antes de finalizar',
} as const;

const isYears = (v: string) => v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0;

/** The new-exam form's first problem (date required and not in the future, examiner required, noise 0–120 or empty), or null. */
export function newExamBlocker(f: NewExamForm, today = todayIso()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) return WIZARD_MESSAGES.newExamDate;
  if (f.date > today) return WIZARD_MESSAGES.newExamFutureDate;
  if (!f.operatorName.trim()) return WIZARD_MESSAGES.newExamExaminer;
  const noise = f.ambientNoise.trim().replace(',', '.');
  if (noise !== '' && !(Number.isFinite(Number(noise)) && Number(noise) >= 0 && Number(noise) <= 120)) return WIZARD_MESSAGES.newExamNoise;
  return null;
}

/** The exam the new-exam form creates: exactly what the user saw and typed (noise null when empty). */
export function newExamPayload(s: Pick<WizardState, 'patientId' | 'newExam' | 'consultationType' | 'consultationReason'>) {
  const f = s.newExam;
  const noise = f.ambientNoise.trim().replace(',', '.');
  return {
    patientId: s.patientId,
    date: f.date,
    operatorName: f.operatorName.trim(),
    operatorRegistration: f.operatorRegistration.trim() || null,
    consultationType: s.consultationType || null,
    consultationReason: s.consultationType === 'Ocupacional' ? s.consultationReason || null : null,
    ambiente: { ruidoDb: noise === '' ? null : Number(noise), transdutor: 'TDH-39' },
  };
}

/**
 * Spec §4 "Wizard step conditions": null when the step may be left forward, else the §5 message.
 * Step 4 (issue 14) needs the laudo's exam — chosen among the worker's exams, or created from the
 * new-exam form — holding air thresholds (from a file, or typed and saved in the review grid);
 * step 6, for the nexo type, needs the professional to confirm or change the suggested level
 * (product.md decision 5).
 */
export function stepBlocker(s: WizardState, context: { doctorReady: boolean; examLaudoFinalised?: boolean } = { doctorReady: true }): string | null {
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
      // the laudo's exam: chosen (existing) or created from the form (new-file); then it needs thresholds
      if (!s.examId) return s.examSource === 'existing' ? WIZARD_MESSAGES.chooseExam : (newExamBlocker(s.newExam) ?? WIZARD_MESSAGES.createExam);
      // a finalised laudo is read-only (its amendment path applies), so it cannot be drafted again
      if (context.examLaudoFinalised) return WIZARD_MESSAGES.examLaudoFinalised;
      if (s.examHasThresholds) return null;
      if (s.uploadedFiles.length === 0) return WIZARD_MESSAGES.upload;
      if (s.uploadedFiles.some((f) => f.reviewPending)) return WIZARD_MESSAGES.applyHeldReading;
      return s.uploadedFiles.some((f) => f.analysisSucceeded) ? WIZARD_MESSAGES.reviewReading : WIZARD_MESSAGES.noSuccessfulAnalysis;
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
/**
 * Issue 14: the wizard never creates an exam on its own. Step 4 drafts the laudo for one of the
 * worker's exams; a new exam is created only by the user's "Criar exame" on the new-exam form.
 */

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
