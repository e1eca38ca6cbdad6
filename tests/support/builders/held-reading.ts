import type { ExamReading } from '../../../core/src';
import { nextId, T0 } from './ids';

/**
 * A reading of an uploaded file held for the professional: another person's name in the file and
 * medium confidence, with a no-response point and bone conduction.
 */
export function aHeldReading(organizationId: string, examId: string, over: Partial<ExamReading> = {}): ExamReading {
  return {
    id: nextId(), organizationId, examId, fileId: null, fileName: 'outro.pdf',
    reading: {
      right: { air: { 500: 20, 1000: 25, 4000: { kind: 'no_response', level: 110 } }, bone: { 500: 10 } }, left: { air: { 500: 15 } },
      pointConfidence: { right: { air: { 500: 'high', 1000: 'high', 4000: 'medium' }, bone: { 500: 'high' } }, left: { air: { 500: 'high' }, bone: {} } },
      confidence: 'medium', source: 'pdf-text', observations: ['Frequências obrigatórias não lidas.'], identity: { name: 'João Pedro Araújo', cpf: '52998224725' },
    },
    identity: { status: 'mismatch', matched: [], mismatched: ['name'], stated: { name: 'João Pedro Araújo', cpf: '52998224725' } },
    reasons: ['identity_mismatch', 'confidence'], status: 'pending', createdAt: T0, decidedAt: null, decidedBy: null, reviewedBy: null, ...over,
  };
}
