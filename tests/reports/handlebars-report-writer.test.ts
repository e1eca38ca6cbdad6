import { describe, expect, it } from 'vitest';
import { buildReportDraft, buildReportFacts, narrativeProblems } from '../../core/src';
import { aReportExam, incompleteScenario, normalScenario, notchScenario } from '../../core/src/testing/report-fixtures';
import { HandlebarsReportWriter } from '../../adapters/src/reports/handlebars/handlebars-report-writer';
import { renderLaudoHtml } from '../../adapters/src/reports/handlebars/laudo-html';
import { audiogramSvg } from '../../adapters/src/reports/svg/audiogram-svg';

const writer = new HandlebarsReportWriter();
const base = notchScenario();
const scenarios = {
  notch: base,
  normal: normalScenario(),
  incomplete: incompleteScenario(),
  simple: notchScenario({ audiometryType: 'simple' }),
  noResponse: (() => {
    const right = { ...base.exam.right, air: { ...base.exam.right.air, 6000: { kind: 'no_response' as const, level: 80 } } };
    const exam = { ...base.exam, right };
    return { ...base, exam, history: [base.history[0], exam] };
  })(),
  designated: (() => {
    const designation = { reason: 'Exame admissional refeito após otite tratada', designatedBy: 'Dra. Marta Gonçalves', designatedAt: '2024-01-05T10:00:00.000Z' };
    const reference = { ...base.history[0], referenceDesignation: designation };
    return { ...base, history: [reference, base.exam] };
  })(),
  designatedItself: (() => {
    const designation = { reason: 'Exame admissional refeito após otite tratada', designatedBy: 'Dra. Marta Gonçalves', designatedAt: '2025-03-10T10:00:00.000Z' };
    const exam = { ...base.exam, referenceDesignation: designation };
    return { ...base, exam, history: [base.history[0], exam] };
  })(),
  agravamento: (() => {
    const third = aReportExam('e-3', '2026-03-10', base.exam.right, { air: { ...base.exam.left.air, 4000: 70, 6000: 65 } });
    return { ...base, exam: third, history: [...base.history, third] };
  })(),
};

describe('HandlebarsReportWriter', () => {
  it.each(Object.entries(scenarios))('writes a narrative the narrative check accepts (%s)', async (_name, input) => {
    const facts = buildReportFacts(input);
    const n = await writer.write(facts);
    expect(narrativeProblems(n, facts)).toEqual([]);
    expect(n.interpretacao_exame).toContain('NR-7, Anexo II (antiga Portaria 19/98)');
    expect(n.interpretacao_exame).toContain('item 6');
    expect('nexo_conclusao' in n).toBe(input.audiometryType === 'nexo-causal');
  });

  it('states the computed class, grade, trigger and nexo level', () => {
    const facts = buildReportFacts(scenarios.notch);
    const n = writer.writeSync(facts);
    expect(n.interpretacao_exame).toContain('Orelha direita: audiograma sugestivo de PAINPSE, PAIRO leve (NR-7, Anexo II, item 5.2)');
    expect(n.interpretacao_exame).toContain('Orelha esquerda: audiograma sugestivo de PAINPSE, PAIRO moderado');
    expect(n.interpretacao_exame).toContain('sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de 10/03/2023 (NR-7, Anexo II, item 5.3.1, critério a e b)');
    expect(n.nexo_conclusao).toContain('(linha N6): provável');
    expect(n.recomendacoes.join(' ')).toContain('item 5.5.1');
  });

  it('writes the agravamento of an ear confirmed by the reference', () => {
    const facts = buildReportFacts(scenarios.agravamento);
    expect(facts.comparison?.left.agravamento).toBe(true);
    expect(writer.writeSync(facts).interpretacao_exame).toContain('Orelha esquerda: sugestivo de agravamento da PAINPSE em relação ao exame de referência de 10/03/2025');
  });

  it('asks for the missing data and says why the nexo was not suggested', () => {
    const n = writer.writeSync(buildReportFacts(scenarios.incomplete));
    expect(n.nexo_conclusao).toContain('não foram informadas');
    expect(n.recomendacoes).toContain('Completar os dados críticos faltantes antes de validar o laudo.');
  });
});

describe('laudo HTML', () => {
  it('escapes user text and prints the facts, the draft and the signature block', () => {
    const input = notchScenario({ patient: { ...notchScenario().patient, name: 'Zé <script>alert(1)</script> & Cia' } });
    const facts = buildReportFacts(input);
    const draft = buildReportDraft(facts, writer.writeSync(facts), writer.source);
    const html = renderLaudoHtml({ facts, draft });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Zé &lt;script&gt;alert(1)&lt;/script&gt; &amp; Cia');
    for (const text of ['CRM 123456/SP', 'PAIRO moderado', 'Item 5.2', '10/03/2023', 'provável', 'NR-7, Anexo II (antiga Portaria 19/98)', 'não substitui o julgamento clínico', 'RASCUNHO']) {
      expect(html).toContain(text);
    }
  });
});

describe('laudo with a no-response and a designated reference (rules 2026.11-2)', () => {
  const laudoOf = (input: ReturnType<typeof notchScenario>) => {
    const facts = buildReportFacts(input);
    const narrative = writer.writeSync(facts);
    return { facts, narrative, html: renderLaudoHtml({ facts, draft: buildReportDraft(facts, narrative, writer.source) }) };
  };

  it('prints the 3–6 kHz mean with an NR at 6 kHz (level 80) as a lower bound "≥", never as "—"', () => {
    const { facts, narrative, html } = laudoOf(scenarios.noResponse);
    expect(facts.ears.right.mean346Bound).toBe('min');
    expect(facts.ears.right.mean346).toBe(53.33); // (30 + 45 + 85) / 3: the NR counts as 80 + 5
    expect(narrative.interpretacao_exame).toContain('média dos limiares em 3.000, 4.000 e 6.000 Hz de ≥ 53,3 dB NA');
    expect(narrative.interpretacao_exame).not.toMatch(/de — dB/);
    expect(narrative.technical_justification.join(' ')).toContain('ausência de resposta a 80 dB NA em 6.000 Hz (limiar ≥ 85 dB NA)');
    expect(narrativeProblems(narrative, facts)).toEqual([]);
    expect(html).toContain('<td>≥ 53,3 dB</td>');
    expect(html).not.toMatch(/<td>— dB<\/td>|de — dB NA/);
    expect(html).toContain('80↓');
    if (facts.comparison?.right.deltaMean346Bound === 'min') expect(html).toMatch(/<td>≥ \+[\d,]+<\/td>/);
  });

  it('names the reference exam and why: first exam with thresholds, and the age on the exam date', () => {
    const { html } = laudoOf(scenarios.notch);
    expect(html).toContain('Exame de referência: 10/03/2023 — primeiro exame com limiares do trabalhador (NR-7, Anexo II, item 4.3.1 a)');
    expect(html).toContain('Idade (na data do exame)');
    expect(html).toContain('45 anos'); // born 14/05/1979, exam 10/03/2025
  });

  it('prints the reason of a designated reference exam (I12)', () => {
    const { facts, narrative, html } = laudoOf(scenarios.designated);
    expect(facts.comparison?.referenceBasis).toBe('designado');
    expect(html).toContain('Exame de referência: 10/03/2023 — designado pelo profissional: Exame admissional refeito após otite tratada');
    expect(narrativeProblems(narrative, facts)).toEqual([]);
  });

  it('says when the reported exam is itself the designated reference, without putting the reason in the narrative', () => {
    const { facts, narrative, html } = laudoOf(scenarios.designatedItself);
    expect(facts.exam.isReference).toBe(true);
    expect(facts.comparison).toBeNull();
    expect(html).toContain('Exame de referência: este exame, 10/03/2025 — designado pelo profissional: Exame admissional refeito após otite tratada');
    expect(narrative.interpretacao_exame).toContain('designado pelo profissional como exame de referência');
    expect(narrative.interpretacao_exame).not.toContain('otite');
    expect(narrativeProblems(narrative, facts)).toEqual([]);
  });

  it('prints "sem limiares" for an exam of the history without thresholds', () => {
    const empty = aReportExam('e-0', '2024-01-10', { air: {} }, { air: {} });
    const { facts, html } = laudoOf({ ...base, history: [base.history[0], empty, base.exam] });
    expect(facts.history.map((h) => h.role)).toEqual(['referencia', 'sem_limiares', 'sequencial']);
    expect(html).toMatch(/<td>10\/01\/2024<\/td><td>sem limiares<\/td>/);
  });
});

describe('audiogramSvg', () => {
  it('draws red O / blue X air, < > bone, NR arrows, the ≤ 25 dB band and an inverted dB axis', () => {
    const svg = audiogramSvg(
      { air: [{ frequency: 500, value: 10, noResponse: false }, { frequency: 4000, value: 120, noResponse: true }], bone: [{ frequency: 500, value: 5, noResponse: false }] },
      { air: [{ frequency: 500, value: 40, noResponse: false }], bone: [{ frequency: 1000, value: 30, noResponse: false }] },
    );
    expect(svg).toMatch(/<circle[^>]+stroke="#c62828"/);
    expect((svg.match(/stroke="#1565c0" stroke-width="1.6"/g) ?? []).length).toBe(1);
    expect(svg).toContain('fill="#e8f5e9"');
    expect((svg.match(/<path d="M[^"]+ l[^"]+"/g) ?? []).length).toBe(1);
    const yOf = (db: number) => Number(new RegExp(`<text x="[\\d.]+" y="([\\d.]+)"[^>]*text-anchor="end"[^>]*>${db}<`).exec(svg)?.[1]);
    expect(yOf(120)).toBeGreaterThan(yOf(0));
    expect(yOf(0)).toBeGreaterThan(yOf(-10));
  });
});
