import { describe, expect, it } from 'vitest';
import type { Narrative } from '../ports/report-writer';
import { CONFIDENCE_PENALTIES, confidenceScore } from './confidence';
import { buildReportDraft } from './report-draft';
import { buildReportFacts } from './report-facts';
import { incompleteScenario, normalScenario, notchScenario } from '../testing/report-fixtures';

const narrative: Narrative = {
  interpretacao_exame: 'interpretação', nexo_conclusao: 'conclusão', recomendacoes: ['r1'], summary_text: 'resumo',
  technical_justification: ['j1'], recommendations: ['r1'],
};

const WIZARD_KEYS = ['validacao_nr7', 'interpretacao_portaria19', 'interpretacao_exame', 'recomendacoes'];
const DETAIL_KEYS = ['nexo_causal', 'faltantes_criticos'];
const EDITOR_KEYS = ['summary_text', 'technical_justification', 'recommendations', 'confidence_score'];

describe('buildReportDraft', () => {
  it.each([
    ['nexo-causal', notchScenario(), true],
    ['simple', normalScenario(), false],
  ])('carries every key of both spec §3 draft shapes (%s)', (_t, input, hasNexoConclusion) => {
    const facts = buildReportFacts(input);
    const draft = buildReportDraft(facts, narrative, 'template');
    for (const k of [...WIZARD_KEYS, ...DETAIL_KEYS, ...EDITOR_KEYS, 'rules_version', 'narrative_source', 'facts']) expect(draft).toHaveProperty(k);
    expect(Object.keys(draft.validacao_nr7).sort()).toEqual(['equipamento_registrado', 'observacoes', 'repouso_14h_ok']);
    expect(Object.keys(draft.interpretacao_portaria19).sort()).toEqual(['exame_a1', 'exames', 'media_3_6_od', 'media_3_6_oe']);
    for (const e of draft.interpretacao_portaria19.exames) expect(Object.keys(e).sort()).toEqual(['classificacao', 'data', 'od_media_3a6khz_db', 'oe_media_3a6khz_db']);
    expect(Object.keys(draft.nexo_causal)).toEqual(expect.arrayContaining(['classificacao', 'fundamentos']));
    expect('nexo_conclusao' in draft).toBe(hasNexoConclusion);
    expect(draft.narrative_source).toBe('template');
    expect(draft.rules_version).toBe(facts.rulesVersion);
  });

  it('takes classes, means and the nexo level from the facts', () => {
    const facts = buildReportFacts(notchScenario());
    const d = buildReportDraft(facts, narrative, 'ollama:qwen2.5:7b');
    expect(d.interpretacao_portaria19).toMatchObject({ media_3_6_od: 36.67, media_3_6_oe: 48.33 });
    expect(d.interpretacao_portaria19.exame_a1).toBe('OD: sugestivo de PAINPSE — PAIRO leve (item 5.2); OE: sugestivo de PAINPSE — PAIRO moderado (item 5.2)');
    expect(d.interpretacao_portaria19.exames.map((e) => [e.data, e.od_media_3a6khz_db])).toEqual([['10/03/2023', 18.33], ['10/03/2025', 36.67]]);
    expect(d.interpretacao_portaria19.exames[0].classificacao).toContain('OD: dentro dos limites aceitáveis (item 5.1)');
    expect(d.nexo_causal).toMatchObject({ classificacao: 'provavel', regra: 'N6', sugestao: true });
    expect(d.nexo_causal.fundamentos.length).toBeGreaterThan(2);
    expect(d.validacao_nr7).toMatchObject({ repouso_14h_ok: true, equipamento_registrado: true });
    expect(d.faltantes_criticos).toEqual([]);
    expect(d.confidence_score).toBe(1);
    expect(d.narrative_source).toBe('ollama:qwen2.5:7b');
  });

  it('has no nexo level for the simple type', () => {
    const d = buildReportDraft(buildReportFacts(normalScenario()), narrative, 'template');
    expect(d.nexo_causal).toMatchObject({ classificacao: null, fundamentos: [] });
  });

  it('lists the critical missing data and lowers the confidence by the documented penalties', () => {
    const facts = buildReportFacts(incompleteScenario());
    const d = buildReportDraft(facts, narrative, 'template');
    expect(d.faltantes_criticos).toEqual(facts.missing.map((m) => m.text));
    expect(d.faltantes_criticos.join(' ')).toMatch(/6000 Hz/);
    expect(d.faltantes_criticos.join(' ')).toMatch(/questionário de nexo causal/);
    const p = CONFIDENCE_PENALTIES;
    const expected = 1 - p.missingFrequency - p.restUnknown - p.equipment - 2 * p.boneMissing - p.nexoAnswersMissing;
    expect(d.confidence_score).toBeCloseTo(expected, 2);
    expect(d.validacao_nr7).toMatchObject({ repouso_14h_ok: false, equipamento_registrado: false });
    expect(d.validacao_nr7.observacoes).toMatch(/repouso auditivo não registrado/);
  });

  it.each([
    [0, 1], [3, 0.85], [7, 0.65], [14, 0.65],
  ])('caps the missing-frequency penalty (%i missing → %f)', (n, score) => {
    const facts = buildReportFacts(normalScenario());
    const freqs = [500, 1000, 2000, 3000, 4000, 6000, 8000];
    const missing = [...freqs, ...freqs].slice(0, n);
    const f = { ...facts, ears: { right: { ...facts.ears.right, missingFrequencies: missing.slice(0, 7) }, left: { ...facts.ears.left, missingFrequencies: missing.slice(7) } } };
    expect(confidenceScore(f)).toBe(score);
  });
});
