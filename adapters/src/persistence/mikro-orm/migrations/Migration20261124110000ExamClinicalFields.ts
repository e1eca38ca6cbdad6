import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 14, clinical fields of an exam that the laudo prints when present:
 * - `exam.anamnese` (text ≤ 5000), `exam.mascaramento` (text ≤ 500, the masking used);
 * - `exam.meatoscopia` (jsonb `{od, oe}`, each text ≤ 300 or null).
 * Lengths are checked at the edge (contract) and by core; null = not recorded.
 */
export class Migration20261124110000ExamClinicalFields extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table exam add column anamnese text, add column meatoscopia jsonb, add column mascaramento text;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table exam drop column anamnese, drop column meatoscopia, drop column mascaramento;');
  }
}
