import type { AttributionResponse } from '../../../adapters/src/http/contract/attribution';
import { formatDateTime } from './dates';

export type Attribution = AttributionResponse;

/** "Nome (CRM 123/SP)", or the name alone when the member has no registry (técnico). */
export const attributionName = (a: Pick<Attribution, 'name' | 'registry'>) => (a.registry ? `${a.name} (${a.registry})` : a.name);

/** "Nome (CRM 123/SP) em 25/11/2026 10:32": who did something to a record, and when (issue 18). */
export const attributionText = (a: Attribution) => `${attributionName(a)} em ${formatDateTime(a.at)}`;
