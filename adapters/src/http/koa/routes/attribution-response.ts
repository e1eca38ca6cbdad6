import type { Attribution } from '../../../../../core/src';
import type { AttributionResponse } from '../../contract/attribution';

/** The wire shape of an attribution (the login id stays server-side); null when unknown. */
export function toAttributionResponse(a: Attribution | null | undefined): AttributionResponse | null {
  return a ? { memberId: a.memberId, name: a.name, registry: a.registry, at: a.at } : null;
}
