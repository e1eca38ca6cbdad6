import { describe, expect, it } from 'vitest';
import { checkNarrative } from './narrative-check';
import { buildReportFacts } from './report-facts';
import { normalScenario, notchScenario } from '../testing/report-fixtures';

// Notch case: OD sugestivo PAIRO leve (mean 3–6 kHz 36,67), OE sugestivo PAIRO moderado (48,33), reference 10/03/2023
// aceitavel in both ears, desencadeamento 5.3.1 in both, nexo provável.
const notch = buildReportFacts(notchScenario());
const normal = buildReportFacts(normalScenario());

describe('checkNarrative', () => {
  it.each([
    ['the computed classes per ear', 'Orelha direita: audiograma sugestivo de PAINPSE, PAIRO leve. Orelha esquerda: PAIRO moderado.'],
    ['the reference class of the comparison', 'Na orelha direita o exame de referência estava dentro dos limites aceitáveis.'],
    ['means rounded from the facts', 'Média em 3–6 kHz de 36,7 dB NA na OD e 48,33 dB na OE; média tritonal de 17 dB.'],
    ['frequencies and rule limits', 'Limiar de 45 dB NA em 4.000 Hz, acima de 25 dB NA; piora de 15 dB em 6 kHz; repouso de 14 horas.'],
    ['item numbers and norm citations', 'Conforme a NR-7, Anexo II (antiga Portaria 19/98), itens 5.3.1 e 5.4, e a Resolução CFM n.º 2.323/2022, art. 2º.'],
    ['dates and years of the facts', 'Exame de 10/03/2025 comparado ao de 10/03/2023 (referência de 2023).'],
    ['the computed trigger', 'Sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de 10/03/2023.'],
    ['a negated trigger that is indeed absent', 'Não há agravamento da PAINPSE.'],
    ['the computed nexo level', 'Nexo causal sugerido: provável, a confirmar pelo profissional.'],
    ['"é possível" outside a nexo level', 'O nexo causal provável não exclui outras causas; não é possível afastar presbiacusia.'],
    ['the exposure time of the answers', 'Tempo de exposição referido de 12 anos.'],
  ])('accepts %s', (_name, text) => {
    expect(checkNarrative(text, notch)).toEqual({ ok: true });
  });

  it.each([
    ['another class for an ear', 'A orelha direita está dentro dos limites aceitáveis.', /aceitavel/],
    ['"não sugestivo" when the ear is sugestivo', 'Orelha esquerda com alteração não sugestiva de PAINPSE.', /nao_sugestivo/],
    ['another PAIRO grade', 'Orelha direita: PAIRO severo.', /PAIRO sever/],
    ['the other ear’s PAIRO grade', 'Orelha direita: PAIRO moderado.', /PAIRO moderado/],
    ['a trigger the rules do not indicate', 'Sugestivo de agravamento da PAINPSE.', /afirma agravamento/],
    ['a negated trigger the rules indicate', 'Sem desencadeamento em relação à referência.', /nega desencadeamento/],
    ['another nexo level', 'O nexo causal é possível.', /possivel/],
    ['another nexo level without accents', 'nexo causal improvavel', /improvavel/],
    ['an invented number', 'Média em 3–6 kHz de 52 dB NA na orelha direita.', /Número 52/],
    ['an invented decimal', 'Diferença de 18,9 dB.', /Número 18,9/],
    ['an invented percentage', 'Perda de 30% da audição.', /Percentual 30%/],
    ['an invented date', 'Exame de 11/03/2025.', /Data 11\/03\/2025/],
    ['a year absent from the facts', 'Exposição desde 2009.', /Número 2009/],
  ])('rejects %s', (_name, text, problem) => {
    const r = checkNarrative(text, notch);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join(' | ')).toMatch(problem);
  });

  it('accepts the lower bound L + 5 of a no-response at L (I11), not other numbers', () => {
    const base = notchScenario();
    const right = { ...base.exam.right, air: { ...base.exam.right.air, 6000: { kind: 'no_response' as const, level: 80 } } };
    const facts = buildReportFacts({ ...base, exam: { ...base.exam, right }, history: [base.history[0], { ...base.exam, right }] });
    expect(checkNarrative('Orelha direita: ausência de resposta a 80 dB NA em 6.000 Hz (limiar ≥ 85 dB NA); média ≥ 53,33 dB NA.', facts)).toEqual({ ok: true });
    expect(checkNarrative('Orelha direita: limiar de 90 dB NA em 6.000 Hz.', facts).ok).toBe(false);
  });

  it('rejects any nexo level when no level was computed (simple type)', () => {
    const r = checkNarrative('Nexo causal provável.', normal);
    expect(r.ok).toBe(false);
  });

  it('checks every level word of the nexo section, even without the word "nexo"', () => {
    expect(checkNarrative('Classificação sugerida: possível.', notch, { nexoSection: true }).ok).toBe(false);
    expect(checkNarrative('Classificação sugerida: provável.', notch, { nexoSection: true }).ok).toBe(true);
    expect(checkNarrative('Classificação sugerida: possível.', notch).ok).toBe(true);
  });

  it('rejects "sugestivo de PAINPSE" for a normal exam and a desencadeamento without a reference', () => {
    expect(checkNarrative('Audiograma sugestivo de PAINPSE.', normal).ok).toBe(false);
    expect(checkNarrative('Sugestivo de desencadeamento de PAINPSE.', normal).ok).toBe(false);
    expect(checkNarrative('Limiares dentro dos limites aceitáveis nas duas orelhas.', normal).ok).toBe(true);
  });
});
