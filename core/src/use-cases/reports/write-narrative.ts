import type { Narrative, ReportWriter } from '../../ports/report-writer';
import { checkNarrative } from '../../reports/narrative-check';
import type { ReportFacts } from '../../reports/report-facts-types';
import { NEXO_LEVEL_LABEL } from '../../reports/report-labels';

export interface WrittenNarrative {
  readonly narrative: Narrative;
  /** Who wrote the kept text: the template writer's source ('template') or the model's ('ollama:<model>'). */
  readonly source: string;
  /** Why the configured writer's text was discarded (failure or contradiction with the facts); absent when kept. */
  readonly rejected?: readonly string[];
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Every problem of a narrative against the facts, field by field (empty = acceptable). */
export function narrativeProblems(n: Narrative, facts: ReportFacts): string[] {
  const problems: string[] = [];
  const fields: [string, string, boolean][] = [
    ['interpretacao_exame', n.interpretacao_exame, false],
    ['summary_text', n.summary_text, false],
    ...n.recomendacoes.map((t, i): [string, string, boolean] => [`recomendacoes[${i}]`, t, false]),
    ...n.technical_justification.map((t, i): [string, string, boolean] => [`technical_justification[${i}]`, t, false]),
    ...n.recommendations.map((t, i): [string, string, boolean] => [`recommendations[${i}]`, t, false]),
  ];
  if (n.nexo_conclusao !== undefined) fields.push(['nexo_conclusao', n.nexo_conclusao, true]);
  for (const [name, text, nexoSection] of fields) {
    const r = checkNarrative(text, facts, { nexoSection });
    if (!r.ok) problems.push(...r.problems.map((p) => `${name}: ${p}`));
  }
  if (!n.interpretacao_exame.trim()) problems.push('interpretacao_exame vazia.');
  if (facts.audiometryType === 'nexo-causal' && facts.nexo) {
    const conclusion = fold(n.nexo_conclusao ?? '');
    if (!conclusion.includes(fold(NEXO_LEVEL_LABEL[facts.nexo.level]))) problems.push(`nexo_conclusao não declara o nível sugerido (${NEXO_LEVEL_LABEL[facts.nexo.level]}).`);
    if (!conclusion.includes('sugest')) problems.push('nexo_conclusao não rotula o nível como sugestão.');
  }
  return problems;
}

/**
 * Writes a laudo's narrative (product.md decision 5: rules decide, the AI writes): asks the
 * configured writer (e.g. the Ollama model) first, checks its text against the facts and keeps it
 * only when nothing contradicts them; on any failure or contradiction the template writer (always
 * available, deterministic) writes it. Throws only if the template writer itself throws (a bug).
 */
export class WriteNarrative {
  constructor(private readonly template: ReportWriter, private readonly preferred?: ReportWriter | null) {}

  async execute(facts: ReportFacts): Promise<WrittenNarrative> {
    if (this.preferred && this.preferred !== this.template) {
      let rejected: string[];
      try {
        const narrative = await this.preferred.write(facts);
        rejected = narrativeProblems(narrative, facts);
        if (rejected.length === 0) return { narrative, source: this.preferred.source };
      } catch (error) {
        rejected = [`${this.preferred.source} falhou: ${error instanceof Error ? error.message : String(error)}`];
      }
      return { narrative: await this.template.write(facts), source: this.template.source, rejected };
    }
    return { narrative: await this.template.write(facts), source: this.template.source };
  }
}
