import { classificationColumnsFromDocuments } from '../../adapters/src/persistence/mikro-orm/migrations/Migration20261129020000ClassificationColumns';

/**
 * Tests that write exam rows by hand in SQL give them a classification document only; this sets the
 * typed classification columns (ADR 0025) from it, as the migration converted stored rows — the
 * application's writers set both themselves. `run` executes one statement with `?` or `$1` parameters.
 */
export async function deriveClassificationColumns(run: (sql: string, params: unknown[]) => Promise<unknown>, organizationId: string, placeholder: '?' | '$1' = '?'): Promise<void> {
  for (const statement of classificationColumnsFromDocuments(`organization_id = ${placeholder}`)) await run(statement, [organizationId]);
}
