import { classificationColumns, type ClassificationColumns } from '../../../core/src';

/**
 * The typed classification columns of the `exam` table (Migration20261129020000ClassificationColumns,
 * ADR 0025) from a classification document (the export reads them back in exam-csv-rows.ts).
 * Means are stored in hundredths of a dB (smallint); the three-state and bound flags share one integer
 * (bit 18: an earlier exam of the same date raised alerts — the export then reads their facts).
 */
export interface ClassificationRow {
  classification_right: string | null;
  classification_left: string | null;
  reference_date: string | null;
  rule_set: string | null;
  who2021_grade: string | null;
  pta3_right: number | null;
  pta3_left: number | null;
  mean_346_right: number | null;
  mean_346_left: number | null;
  desencadeamento: boolean;
  agravamento: boolean;
  classification_bits: number;
}

/** The row's column names, in the order `classificationRowValues` gives them. */
export const CLASSIFICATION_COLUMNS = [
  'classification_right', 'classification_left', 'reference_date', 'rule_set', 'who2021_grade', 'pta3_right', 'pta3_left',
  'mean_346_right', 'mean_346_left', 'desencadeamento', 'agravamento', 'classification_bits',
] as const satisfies ReadonlyArray<keyof ClassificationRow>;

const hundredths = (v: number | null) => (v === null ? null : Math.round(v * 100));

export function classificationRow(doc: Record<string, unknown>): ClassificationRow {
  return rowOfColumns(classificationColumns(doc));
}

export function rowOfColumns(c: ClassificationColumns): ClassificationRow {
  const bits = c.alertCode
    | (c.referenceDate !== null && c.desencadeamento === null ? 1 << 10 : 0)
    | (c.referenceDate !== null && c.agravamento === null ? 1 << 11 : 0)
    | (c.meanBounds << 12)
    | (c.examComplete === true ? 1 << 16 : 0)
    | (c.examComplete === null ? 1 << 17 : 0)
    | (c.earlierAlertsOfDate ? 1 << 18 : 0);
  return {
    classification_right: c.classificationRight, classification_left: c.classificationLeft, reference_date: c.referenceDate,
    rule_set: c.ruleSet, who2021_grade: c.who2021Grade, pta3_right: hundredths(c.pta3Right), pta3_left: hundredths(c.pta3Left),
    mean_346_right: hundredths(c.mean346Right), mean_346_left: hundredths(c.mean346Left),
    desencadeamento: c.desencadeamento === true, agravamento: c.agravamento === true, classification_bits: bits,
  };
}

/** The columns' SQL types, for `jsonb_to_recordset(...) as u(…)` column definitions. */
export const CLASSIFICATION_RECORD_TYPES = 'classification_right nr7_classification, classification_left nr7_classification, reference_date date, rule_set nr7_rule_set, '
  + 'who2021_grade text, pta3_right smallint, pta3_left smallint, mean_346_right smallint, mean_346_left smallint, desencadeamento boolean, agravamento boolean, classification_bits integer';

/** The row as the MikroORM `Exam` entity's properties (adapters/src/persistence/mikro-orm/schemas). */
export function classificationProps(doc: Record<string, unknown>) {
  const r = classificationRow(doc);
  return {
    classificationRight: r.classification_right, classificationLeft: r.classification_left, referenceDate: r.reference_date, ruleSet: r.rule_set,
    who2021Grade: r.who2021_grade, pta3Right: r.pta3_right, pta3Left: r.pta3_left, mean346Right: r.mean_346_right, mean346Left: r.mean_346_left,
    desencadeamento: r.desencadeamento, agravamento: r.agravamento, classificationBits: r.classification_bits,
  };
}
