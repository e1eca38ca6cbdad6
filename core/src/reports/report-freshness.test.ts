import { describe, expect, it } from 'vitest';
import type { Narrative } from '../ports/report-writer';
import { buildReportDraft } from './report-draft';
import { buildReportFacts } from './report-facts';
import { aPhysician, notchScenario } from '../testing/report-fixtures';
import { compareReportFacts } from './report-freshness';
import { refreshDraft } from './report-refresh';
import { reviewedItems, reviewedParagraphs, reviewedSummary } from './reviewed-text';

const narrative = (tag: string): Narrative => ({
  interpretacao_exame: `interpretação ${tag}`, nexo_conclusao: `conclusão ${tag}`, recomendacoes: [`r ${tag}`], summary_text: `resumo ${tag}`,
  technical_justification: [`j ${tag}`], recommendations: [`r ${tag}`],
});

describe('compareReportFacts (a draft organised from facts that changed)', () => {
  it('is fresh for the same records, even after a JSON round trip, another professional or another day', () => {
    const drafted = JSON.parse(JSON.stringify(buildReportFacts(notchScenario())));
    const again = buildReportFacts(notchScenario({ professional: aPhysician({ name: 'Outro Médico' }), today: '2026-01-01', organizationName: 'Outra' }));
    expect(compareReportFacts(drafted, again)).toEqual({ stale: false, changes: [] });
  });

  it('names what changed: the exam record, thresholds, the history', () => {
    const base = notchScenario();
    const drafted = buildReportFacts(base);
    const moved = { ...base.exam, date: '2025-03-07', operatorName: 'Fga. Corrigida' };
    expect(compareReportFacts(drafted, buildReportFacts({ ...base, exam: moved, history: [base.history[0], moved] })).changes).toContain('dados do exame');
    const louder = { ...base.exam, right: { ...base.exam.right, air: { ...base.exam.right.air, 4000: 60 } } };
    expect(compareReportFacts(drafted, buildReportFacts({ ...base, exam: louder, history: [base.history[0], louder] })).changes).toEqual(
      expect.arrayContaining(['limiares e classificação', 'histórico e comparação com o exame de referência']),
    );
    const alone = compareReportFacts(drafted, buildReportFacts({ ...base, history: [base.exam] }));
    expect(alone).toMatchObject({ stale: true, changes: expect.arrayContaining(['histórico e comparação com o exame de referência']) });
  });
});

describe('refreshDraft (reorganising keeps the professional\'s edits)', () => {
  const base = notchScenario();
  const old = buildReportDraft(buildReportFacts(base), narrative('antigo'), 'template');
  const moved = { ...base.exam, date: '2025-03-07' };
  const fresh = buildReportDraft(buildReportFacts({ ...base, exam: moved, history: [base.history[0], moved] }), narrative('novo'), 'template');

  it('regenerates unedited texts, keeps edited ones and names them; facts come from the records now', () => {
    const edited = { ...old, interpretacao_exame: 'texto da médica', faltantes_criticos: [...old.faltantes_criticos, 'item da médica'] };
    const { draft, keptEdits } = refreshDraft(edited, fresh);
    expect(draft.facts.exam.date).toBe('2025-03-07');
    expect(draft.interpretacao_exame).toBe('texto da médica');
    expect(draft.summary_text).toBe('resumo novo');
    expect(draft.recomendacoes).toEqual(['r novo']);
    expect(draft.faltantes_criticos).toContain('item da médica');
    expect(keptEdits).toEqual(['Interpretação', 'Dados críticos faltantes']);
  });

  it('keeps a nexo confirmation while the rules suggest the same level; the CFM marks stay', () => {
    const checklist = old.nexo_causal.checklist_cfm.map((c, i) => (i === 0 ? { ...c, status: 'avaliado', evidencia: 'ev' } : c));
    const confirmed = { ...old, nexo_causal: { ...old.nexo_causal, checklist_cfm: checklist, confirmado: true, sugestao_regra: old.nexo_causal.classificacao } };
    const { draft } = refreshDraft(confirmed, fresh);
    expect(draft.nexo_causal).toMatchObject({ confirmado: true, classificacao: old.nexo_causal.classificacao });
    expect(draft.nexo_causal.checklist_cfm[0]).toMatchObject({ status: 'avaliado', evidencia: 'ev' });
  });
});

describe('reviewed text (sentences stating the review state follow it)', () => {
  const summary = 'Audiometria tonal de 10/03/2025. Nexo causal sugerido: provável, a confirmar pelo profissional. Há dados críticos faltantes a completar.';
  it('prints the pending sentences while they hold', () => {
    expect(reviewedSummary(summary, { confirmedNexoLabel: null, missingCount: 2 }, true)).toEqual([summary]);
  });
  it('drops them once the nexo is confirmed and the missing list is empty, stating the confirmed level', () => {
    expect(reviewedSummary(summary, { confirmedNexoLabel: 'possível', missingCount: 0 }, true)).toEqual([
      'Audiometria tonal de 10/03/2025. Nexo causal definido pelo profissional: possível.',
    ]);
    expect(reviewedParagraphs('Linha 1: nível provável.\nTrata-se de sugestão a ser confirmada ou alterada pelo profissional, com os fundamentos listados.', { confirmedNexoLabel: 'provável', missingCount: 1 }))
      .toEqual(['Linha 1: nível provável.']);
    expect(reviewedItems(['Completar os dados críticos faltantes antes de validar o laudo.', 'Manter o monitoramento.'], { confirmedNexoLabel: null, missingCount: 0 }))
      .toEqual(['Manter o monitoramento.']);
  });
});
