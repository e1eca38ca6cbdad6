import { describe, expect, it } from 'vitest';
import type { AudiogramReading } from './reading';
import { compareReadings, secondOpinionOf, withSecondOpinion } from './second-opinion';
import { noResponse } from './threshold';

const reading = (over: Partial<AudiogramReading> = {}): AudiogramReading => ({
  right: { air: { 500: 20, 1000: 40, 4000: 50 }, bone: { 1000: 35 } },
  left: { air: { 500: 15, 1000: 20, 4000: noResponse(110) } },
  pointConfidence: { right: { air: { 500: 'high', 1000: 'high', 4000: 'high' }, bone: { 1000: 'high' } }, left: { air: { 500: 'high', 1000: 'high', 4000: 'medium' }, bone: {} } },
  confidence: 'high',
  source: 'chart-image',
  observations: ['Leitura do gráfico sem modelo.'],
  ...over,
});

describe('compareReadings (second opinion, issue 17 item 4)', () => {
  it('finds no disagreement within 5 dB, nor on points only one reader read', () => {
    const second = reading({ right: { air: { 500: 25, 1000: 35, 8000: 90 } }, left: { air: { 500: 15, 1000: 15, 4000: noResponse(110) } } });
    expect(compareReadings(reading(), second)).toEqual([]);
  });

  it('reports every point more than 5 dB apart, with both values, in ear/conduction/frequency order', () => {
    const second = reading({ right: { air: { 500: 20, 1000: 55, 4000: 50 }, bone: { 1000: 10 } }, left: { air: { 500: 15, 1000: 20, 4000: noResponse(110) } } });
    expect(compareReadings(reading(), second)).toEqual([
      { ear: 'right', conduction: 'air', frequencyHz: 1000, primary: { value: 40, noResponse: false }, secondary: { value: 55, noResponse: false } },
      { ear: 'right', conduction: 'bone', frequencyHz: 1000, primary: { value: 35, noResponse: false }, secondary: { value: 10, noResponse: false } },
    ]);
  });

  it('a no-response against a threshold at the same level is a disagreement', () => {
    const second = reading({ left: { air: { 500: 15, 1000: 20, 4000: 110 } } });
    expect(compareReadings(reading(), second)).toEqual([
      { ear: 'left', conduction: 'air', frequencyHz: 4000, primary: { value: 110, noResponse: true }, secondary: { value: 110, noResponse: false } },
    ]);
  });
});

describe('withSecondOpinion', () => {
  it('agreement: values and confidences unchanged, the opinion and an observation recorded', () => {
    const opinion = secondOpinionOf(reading(), reading({ source: 'ollama:qwen2.5vl:7b' }));
    expect(opinion).toEqual({ status: 'agreed', source: 'ollama:qwen2.5vl:7b', disagreements: [] });
    const after = withSecondOpinion(reading(), opinion);
    expect(after.pointConfidence).toEqual(reading().pointConfidence);
    expect(after.confidence).toBe('high');
    expect(after.secondOpinion).toBe(opinion);
    expect(after.observations.at(-1)).toBe('Segunda opinião (ollama:qwen2.5vl:7b) concorda com a leitura de chart-image (diferença de no máximo 5 dB em todos os pontos lidos por ambos).');
  });

  it('disagreement: those points (only) become low, so does the reading; the first values stay', () => {
    const second = reading({ source: 'ollama:m', right: { air: { 500: 20, 1000: 55, 4000: 50 } } });
    const after = withSecondOpinion(reading(), secondOpinionOf(reading(), second));
    expect(after.right).toEqual(reading().right);
    expect(after.pointConfidence.right.air).toEqual({ 500: 'high', 1000: 'low', 4000: 'high' });
    expect(after.pointConfidence.left).toEqual(reading().pointConfidence.left);
    expect(after.confidence).toBe('low');
    expect(after.secondOpinion?.status).toBe('disagreed');
    expect(after.observations.at(-1)).toContain('OD via aérea 1000 Hz (chart-image: 40 dB; ollama:m: 55 dB)');
  });

  it('a failed second reader leaves the reading as it was, with the reason', () => {
    const after = withSecondOpinion(reading(), { status: 'failed', source: 'ollama:m', disagreements: [], reason: 'tempo esgotado' });
    expect(after.confidence).toBe('high');
    expect(after.pointConfidence).toEqual(reading().pointConfidence);
    expect(after.observations.at(-1)).toBe('Segunda opinião (ollama:m) não disponível — tempo esgotado; mantida a leitura de chart-image.');
  });
});
