import type { Exam } from '../../../core/src';
import { anAudiogram } from './audiogram';
import { nextId, T0 } from './ids';

/** An audiometric exam of the worker with `anAudiogram()` thresholds and the usual test conditions. */
export function anExam(organizationId: string, patientId: string, over: Partial<Exam> = {}): Exam {
  return {
    id: nextId(), organizationId, patientId, date: '2025-03-01', operatorName: 'Operador', operatorRegistration: '000000', operatorCrm: null,
    operatorCrmState: null, consultationType: null, consultationReason: null, examType: null, ambientNoiseDb: 30.5, calibrationDate: '2025-01-10', transducer: 'TDH-39',
    acousticRestHours: 14, observacoes: null, anamnese: null, meatoscopia: null, mascaramento: null, ...anAudiogram(),
    speechTest: null, ambienteJson: null, classification: { classification_right: 'aceitavel' }, rulesVersion: 'r1', referenceDesignation: null,
    recordedBy: null, updatedBy: null, imported: false, createdAt: T0, updatedAt: T0, ...over,
  };
}
