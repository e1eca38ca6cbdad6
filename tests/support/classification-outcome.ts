import { classificationRow } from '../../adapters/src/persistence/classification-row';

/**
 * Tests that write exam rows by hand in SQL describe their classification as a document; the row keeps
 * only typed columns of it (ADR 0025). These are the columns the programme and the worklist read, and
 * their values for a document, as the application's writers store them.
 */
export const OUTCOME_COLUMNS = 'classification_right, classification_left, desencadeamento, agravamento';

export function outcomeValues(doc: Record<string, unknown>): [string | null, string | null, boolean, boolean] {
  const r = classificationRow(doc);
  return [r.classification_right, r.classification_left, r.desencadeamento, r.agravamento];
}
