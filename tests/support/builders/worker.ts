import type { Patient } from '../../../core/src';
import { nextId, T0 } from './ids';

/** A worker (Patient) of the organisation with nothing but the required fields filled. */
export function aWorker(organizationId: string, over: Partial<Patient> = {}): Patient {
  return {
    id: nextId(), organizationId, name: 'José da Silva', age: 40, sex: 'M', birthDate: null, cpf: null, phone: null, email: null, address: null,
    companyId: null, companyName: null, jobTitle: null, archivedAt: null, archivedBy: null, createdAt: T0, updatedAt: T0, ...over,
  };
}
