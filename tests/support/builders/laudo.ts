import type { Report } from '../../../core/src';
import { nextId, T0 } from './ids';

/** A draft laudo (Report) of the exam; `doctorId: ''` is an author whose account is gone. */
export function aLaudo(organizationId: string, of: { patientId: string; examId: string }, over: Partial<Report> = {}): Report {
  return {
    id: nextId(), organizationId, patientId: of.patientId, examId: of.examId, doctorId: '', doctorName: 'Dra. Ana Souza', type: 'simple', status: 'Draft',
    consultationType: 'Periódico', consultationReason: null, nexoAnswers: null, draftJson: JSON.stringify({ interpretacao_exame: 'Audição normal.' }),
    pdfStorageKey: null, pdfSha256: null, createdAt: T0, updatedAt: T0, finalizedAt: null,
    draftedBy: null, finalizedBy: null,
    version: 1, supersedesId: null, supersededAt: null, amendmentReason: null, verificationCode: null, signatureKind: null, ...over,
  };
}
