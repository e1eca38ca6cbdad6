import type { ReportFacts } from '../reports/report-facts-types';

/** The narrative (pt-BR text) of a laudo draft; every class, level and number in it must come from the facts. */
export interface Narrative {
  /** Interpretation of the exam (wizard draft `interpretacao_exame`). */
  readonly interpretacao_exame: string;
  /** Causal-link conclusion; present only for the nexo-causal type. */
  readonly nexo_conclusao?: string;
  /** Conduct items (wizard draft `recomendacoes`). */
  readonly recomendacoes: readonly string[];
  /** Report editor's summary (spec §3 `summary_text`). */
  readonly summary_text: string;
  /** Report editor's technical justification, one sentence per item. */
  readonly technical_justification: readonly string[];
  /** Report editor's recommendations. */
  readonly recommendations: readonly string[];
}

/**
 * Writes the narrative of a laudo from its computed facts (docs/laudo.md). Implementations: the
 * Handlebars templates (always available) and a local Ollama text model.
 */
export interface ReportWriter {
  /** 'template' or 'ollama:<model>'; stored in the draft as `narrative_source`. */
  readonly source: string;
  /**
   * Returns the narrative for `facts`. Throws when the writer cannot answer (model down, timeout,
   * invalid output); the caller (WriteNarrative) then falls back to the template writer.
   */
  write(facts: ReportFacts): Promise<Narrative>;
}
