import type { EarAudiogram } from '../audiogram/audiogram';
import type { Exam } from '../exams/exam';
import type { Patient } from '../patients/patient';
import type { ReportFactsInput } from '../reports/report-facts';
import type { NexoAnswersInput, ProfessionalInput } from '../reports/report-facts-types';

/**
 * Test and bench builders for the laudo engine (Object Mothers): a worker, a physician, exams and
 * ready-made inputs of buildReportFacts. Not used by production code.
 */
const t0 = new Date('2026-11-22T12:00:00.000Z');

export function aReportPatient(over: Partial<Patient> = {}): Patient {
  return {
    id: 'p-1', organizationId: 'org-1', name: 'João Conceição da Silva', age: 47, sex: 'M', birthDate: '1979-05-14', cpf: '52998224725',
    phone: null, email: null, address: null, companyId: 'c-1', companyName: 'Metalúrgica Aço Forte Ltda.', jobTitle: 'Operador de prensa',
    createdAt: t0, updatedAt: t0, ...over,
  };
}

export function aReportExam(id: string, date: string, right: EarAudiogram, left: EarAudiogram, over: Partial<Exam> = {}): Exam {
  return {
    id, organizationId: 'org-1', patientId: 'p-1', date, operatorName: 'Ana Ribeiro', operatorRegistration: 'CRFa 2-11223', operatorCrm: null,
    operatorCrmState: null, consultationType: 'Ocupacional', consultationReason: 'Periódico', ambientNoiseDb: 32.5, calibrationDate: `${date.slice(0, 4)}-01-15`,
    transducer: 'TDH-39', acousticRestHours: 14, observacoes: null, right, left, speechTest: null, ambienteJson: null, classification: {},
    rulesVersion: 'test', createdAt: new Date(`${date}T10:00:00.000Z`), updatedAt: new Date(`${date}T10:00:00.000Z`), ...over,
  };
}

export const aPhysician = (over: Partial<ProfessionalInput> = {}): ProfessionalInput => ({
  name: 'Dra. Marta Gonçalves', professionalType: 'Medico', crm: '123456', crmState: 'SP', specialization: 'Medicina do Trabalho', ...over,
});

export const exposedAnswers: NexoAnswersInput = { repousoAuditivo14h: 'sim', trabalhouExpostoRuido: 'sim', tempoExposicaoAnos: 12, funcaoRuidosa: 'sim', usoEPI: 'nao' };

const ear = (t: [number, number, number, number, number, number, number], bone?: [number, number, number, number, number]): EarAudiogram => ({
  air: { 500: t[0], 1000: t[1], 2000: t[2], 3000: t[3], 4000: t[4], 6000: t[5], 8000: t[6] },
  ...(bone ? { bone: { 500: bone[0], 1000: bone[1], 2000: bone[2], 3000: bone[3], 4000: bone[4] } } : {}),
});

/** Reference 2023 within 5.1; sequential 2025 with a bilateral 4 kHz notch (sugestivo, PAIRO leve right / moderado left, desencadeamento 5.3.1). */
export function notchScenario(over: Partial<ReportFactsInput> = {}): ReportFactsInput {
  const reference = aReportExam('e-1', '2023-03-10', ear([10, 10, 15, 15, 20, 20, 15]), ear([10, 15, 15, 20, 20, 15, 10]));
  const current = aReportExam(
    'e-2', '2025-03-10',
    ear([15, 15, 20, 30, 45, 35, 20], [10, 15, 15, 30, 40]),
    ear([15, 20, 20, 40, 55, 50, 30], [10, 15, 20, 35, 50]),
  );
  return {
    exam: current, history: [reference, current], patient: aReportPatient(), professional: aPhysician(),
    organizationName: 'Clínica Ouvir Bem Saúde Ocupacional', audiometryType: 'nexo-causal', consultationType: 'Ocupacional',
    consultationReason: 'Periódico', nexoAnswers: exposedAnswers, today: '2025-03-12', ...over,
  };
}

/** One exam within 5.1 in both ears (the reference itself), simple type. */
export function normalScenario(over: Partial<ReportFactsInput> = {}): ReportFactsInput {
  const only = aReportExam('e-9', '2024-08-20', ear([10, 10, 15, 15, 20, 15, 10]), ear([5, 10, 10, 15, 15, 20, 15]));
  return {
    exam: only, history: [only], patient: aReportPatient(), professional: aPhysician(), organizationName: 'Clínica Ouvir Bem Saúde Ocupacional',
    audiometryType: 'simple', today: '2024-08-21', ...over,
  };
}

/** Altered exam with gaps: 6 kHz missing on the left, no rest or calibration recorded, no bone conduction. */
export function incompleteScenario(over: Partial<ReportFactsInput> = {}): ReportFactsInput {
  const left: EarAudiogram = { air: { 500: 20, 1000: 25, 2000: 30, 3000: 45, 4000: 50, 8000: 40 } };
  const exam = aReportExam('e-5', '2025-06-02', ear([20, 20, 25, 40, 45, 40, 35]), left, { acousticRestHours: null, calibrationDate: null });
  return {
    exam, history: [exam], patient: aReportPatient(), professional: aPhysician(), organizationName: 'Clínica Ouvir Bem Saúde Ocupacional',
    audiometryType: 'nexo-causal', nexoAnswers: null, today: '2025-06-03', ...over,
  };
}
