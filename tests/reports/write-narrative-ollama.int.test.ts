import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildReportDraft, buildReportFacts, WriteNarrative } from '../../core/src';
import { notchScenario } from '../../core/src/testing/report-fixtures';
import { HandlebarsReportWriter } from '../../adapters/src/reports/handlebars/handlebars-report-writer';
import { OllamaReportWriter } from '../../adapters/src/reports/ollama/ollama-report-writer';
import { FakeOllamaText } from '../support/fake-ollama-text';

// Facts: OD sugestivo de PAINPSE (PAIRO leve, 3–6 kHz 36,67 dB), OE sugestivo (PAIRO moderado, 48,33 dB),
// desencadeamento 5.3.1 vs the reference of 10/03/2023, nexo provável.
const facts = buildReportFacts(notchScenario());
const MODEL = 'qwen2.5:7b-instruct';
const good = {
  interpretacao_exame: 'Orelha direita: audiograma sugestivo de PAINPSE, PAIRO leve, com média em 3.000, 4.000 e 6.000 Hz de 36,7 dB NA. Orelha esquerda: audiograma sugestivo de PAINPSE, PAIRO moderado, com média de 48,3 dB NA. Sugestivo de desencadeamento de PAINPSE em relação ao exame de referência de 10/03/2023 (NR-7, Anexo II, item 5.3.1).',
  nexo_conclusao: 'Nexo causal provável, como sugestão a confirmar pelo profissional (Resolução CFM n.º 2.323/2022, art. 2º).',
  recomendacoes: ['Encaminhar ao médico do trabalho responsável pelo PCMSO (NR-7, Anexo II, item 6).'],
  summary_text: 'Audiograma sugestivo de PAINPSE nas duas orelhas, com desencadeamento em relação à referência de 10/03/2023.',
  technical_justification: ['Diferença entre as médias em 3–6 kHz de +18,3 dB na orelha direita e +30 dB na orelha esquerda.'],
};

describe('WriteNarrative with the Ollama writer (fake Ollama server)', () => {
  const fake = new FakeOllamaText();
  const template = new HandlebarsReportWriter();
  let useCase: WriteNarrative;
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.behaviour = 'reply';
    fake.reply = () => good;
    fake.requests.length = 0;
    useCase = new WriteNarrative(template, new OllamaReportWriter({ host: fake.host, model: MODEL, timeoutMs: 1500 }));
  });

  it('keeps a narrative that states only the facts, labelled ollama:<model>, and sends only facts with a JSON schema at temperature 0', async () => {
    const r = await useCase.execute(facts);
    expect(r.source).toBe(`ollama:${MODEL}`);
    expect(r.rejected).toBeUndefined();
    expect(r.narrative.interpretacao_exame).toBe(good.interpretacao_exame);
    const draft = buildReportDraft(facts, r.narrative, r.source);
    expect(draft.narrative_source).toBe(`ollama:${MODEL}`);
    const body = fake.requests[0].body;
    expect(body).toMatchObject({ model: MODEL, stream: false, options: { temperature: 0 } });
    expect(body.format).toMatchObject({ type: 'object', required: expect.arrayContaining(['interpretacao_exame', 'summary_text']) });
    const prompt = JSON.stringify(body.messages);
    expect(prompt).toContain('provável');
    expect(prompt).not.toContain(facts.patient.name);
    expect(prompt).not.toContain('529.982.247-25');
  });

  it.each([
    ['states another class', { interpretacao_exame: 'Orelha direita com limiares dentro dos limites aceitáveis e orelha esquerda sugestivo de PAINPSE.' }, /aceitavel/],
    ['states another PAIRO grade', { summary_text: 'Orelha esquerda: PAIRO severo, sugestivo de PAINPSE.' }, /PAIRO sever/],
    ['states another nexo level', { nexo_conclusao: 'Nexo causal possível, como sugestão a confirmar pelo profissional.' }, /possivel/],
    ['invents a number', { technical_justification: ['Média em 3–6 kHz de 52 dB NA na orelha direita.'] }, /Número 52/],
    ['invents a date', { summary_text: 'Exame comparado à referência de 15/02/2022, sugestivo de PAINPSE.' }, /15\/02\/2022/],
  ])('discards a narrative that %s and uses the template', async (_n, patch, problem) => {
    fake.reply = () => ({ ...good, ...patch });
    const r = await useCase.execute(facts);
    expect(r.source).toBe('template');
    expect(r.narrative).toEqual(template.writeSync(facts));
    expect(r.rejected?.join(' | ')).toMatch(problem);
  });

  it.each([
    ['the model is not installed (404)', 'unknown-model', /não encontrado/],
    ['Ollama is busy (503)', 'busy', /503/],
    ['the model does not answer in time', 'hang', /não respondeu em 1500 ms/],
    ['the answer is not JSON', 'garbage', /JSON válido/],
    ['the answer is truncated', 'truncated', /truncada/],
  ] as const)('uses the template when %s', async (_n, behaviour, problem) => {
    fake.behaviour = behaviour;
    const r = await useCase.execute(facts);
    expect(r.source).toBe('template');
    expect(r.rejected?.[0]).toMatch(problem);
  });

  it('uses the template when the answer does not follow the schema', async () => {
    fake.reply = () => ({ interpretacao_exame: 'curta' });
    const r = await useCase.execute(facts);
    expect(r.source).toBe('template');
    expect(r.rejected?.[0]).toMatch(/esquema/);
  });

  it('uses the template when Ollama is down (connection refused)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new WriteNarrative(template, new OllamaReportWriter({ host: `http://127.0.0.1:${port}`, model: MODEL, timeoutMs: 1500 }));
    const r = await down.execute(facts);
    expect(r.source).toBe('template');
    expect(r.rejected?.[0]).toMatch(/não acessível/);
  });
});
