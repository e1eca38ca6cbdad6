import { describe, expect, it } from 'vitest';
import type { Narrative, ReportWriter } from '../../ports/report-writer';
import { buildReportFacts } from '../../reports/report-facts';
import { notchScenario } from '../../testing/report-fixtures';
import { narrativeProblems, WriteNarrative } from './write-narrative';

const facts = buildReportFacts(notchScenario());
const good: Narrative = {
  interpretacao_exame: 'Orelha direita: sugestivo de PAINPSE, PAIRO leve. Orelha esquerda: sugestivo de PAINPSE, PAIRO moderado.',
  nexo_conclusao: 'Nexo causal sugerido: provável (sugestão a confirmar pelo profissional).',
  recomendacoes: ['Encaminhar ao médico do trabalho.'],
  summary_text: 'Sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de 10/03/2023.',
  technical_justification: ['Média em 3–6 kHz de 48,3 dB NA na orelha esquerda.'],
  recommendations: ['Encaminhar ao médico do trabalho.'],
};
const writer = (source: string, result: Narrative | Error): ReportWriter => ({
  source,
  write: async () => {
    if (result instanceof Error) throw result;
    return result;
  },
});
const template = writer('template', { ...good, interpretacao_exame: 'texto do modelo de documento' });

describe('WriteNarrative', () => {
  it('keeps the preferred writer’s text when it agrees with the facts', async () => {
    const r = await new WriteNarrative(template, writer('ollama:m', good)).execute(facts);
    expect(r).toEqual({ narrative: good, source: 'ollama:m' });
  });

  it.each([
    ['a contradicting class', { ...good, summary_text: 'Orelha direita dentro dos limites aceitáveis.' }],
    ['another nexo level', { ...good, nexo_conclusao: 'Nexo causal sugerido: improvável (sugestão).' }],
    ['a conclusion without the level', { ...good, nexo_conclusao: 'Sugestão a confirmar.' }],
    ['an invented number', { ...good, technical_justification: ['Média de 61 dB.'] }],
    ['an empty interpretation', { ...good, interpretacao_exame: ' ' }],
  ])('falls back to the template on %s', async (_n, narrative) => {
    const r = await new WriteNarrative(template, writer('ollama:m', narrative)).execute(facts);
    expect(r.source).toBe('template');
    expect(r.narrative.interpretacao_exame).toBe('texto do modelo de documento');
    expect(r.rejected?.length).toBeGreaterThan(0);
  });

  it('falls back to the template when the preferred writer throws, and says why', async () => {
    const r = await new WriteNarrative(template, writer('ollama:m', new Error('connection refused'))).execute(facts);
    expect(r.source).toBe('template');
    expect(r.rejected).toEqual(['ollama:m falhou: connection refused']);
  });

  it('uses the template alone when no other writer is configured', async () => {
    const r = await new WriteNarrative(template).execute(facts);
    expect(r).toEqual({ narrative: await template.write(facts), source: 'template' });
  });

  it('finds no problem in a narrative that states only the facts', () => {
    expect(narrativeProblems(good, facts)).toEqual([]);
  });
});
