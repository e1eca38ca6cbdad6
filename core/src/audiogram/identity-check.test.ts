import { describe, expect, it } from 'vitest';
import { checkReadingIdentity, namesMatch, readingNeedsReview } from './identity-check';

const ana = { name: 'Ana Paula Souza Lima', cpf: '52998224725', birthDate: '1985-04-12' };

describe('namesMatch', () => {
  it.each([
    ['Ana Paula Souza Lima', 'ANA PAULA SOUZA LIMA'],
    ['Ana Paula Souza Lima', 'Âna Páula Sóuza Lîma'],
    ['João Pedro Araújo', 'Joao Pedro Araujo'],
    ['Ana Paula Souza Lima', 'Ana Lima'],
    ['Ana Paula Souza Lima', 'Ana Paula Lima'],
    ['Ana Paula Souza Lima', 'Ana P. S. Lima'],
    ['Ana Paula Souza Lima', 'LIMA, Ana Paula Souza'],
    ['Ana Paula Souza Lima', 'Lima Ana Paula Souza'],
    ['Maria das Graças de Oliveira', 'Maria Graças Oliveira'],
    ['José Antônio Pereira', 'Jose Antonio Pereira'],
  ])('%s ~ %s', (worker, stated) => expect(namesMatch(worker, stated)).toBe(true));

  it.each([
    ['Ana Paula Souza Lima', 'João Pedro Araújo'],
    ['Ana Paula Souza Lima', 'Ana Paula Souza Santos'],
    ['Ana Paula Souza Lima', 'Paula Lima'],
    ['Ana Paula Souza Lima', 'Ana Beatriz Lima'],
    ['Ana Paula Souza Lima', 'Ana'],
    ['Ana Paula', 'Ana Paula Lima'],
    ['João Silva', 'Joana Silva'],
  ])('%s ≁ %s', (worker, stated) => expect(namesMatch(worker, stated)).toBe(false));
});

describe('checkReadingIdentity', () => {
  it('matches when every stated field agrees (CPF formatted, accents and case ignored)', () => {
    const check = checkReadingIdentity({ name: 'ANA PAULA S. LIMA', cpf: '529.982.247-25', birthDate: '1985-04-12' }, ana);
    expect(check).toEqual({ status: 'match', matched: ['name', 'cpf', 'birthDate'], mismatched: [], stated: { name: 'ANA PAULA S. LIMA', cpf: '52998224725', birthDate: '1985-04-12' } });
  });

  it('is a mismatch for another person, naming the field', () => {
    const check = checkReadingIdentity({ name: 'João Pedro Araújo' }, ana);
    expect(check.status).toBe('mismatch');
    expect(check.mismatched).toEqual(['name']);
  });

  it('is a mismatch for a homonym with a different CPF', () => {
    const check = checkReadingIdentity({ name: 'Ana Paula Souza Lima', cpf: '11144477735' }, ana);
    expect(check).toMatchObject({ status: 'mismatch', matched: ['name'], mismatched: ['cpf'] });
  });

  it('is a mismatch for a different birth date', () => {
    expect(checkReadingIdentity({ name: 'Ana Lima', birthDate: '1985-12-04' }, ana)).toMatchObject({ status: 'mismatch', mismatched: ['birthDate'] });
  });

  it('is not stated when the file names nobody, or only fields the worker record lacks', () => {
    expect(checkReadingIdentity(undefined, ana).status).toBe('not_stated');
    expect(checkReadingIdentity({}, ana).status).toBe('not_stated');
    expect(checkReadingIdentity({ cpf: '11144477735', birthDate: '1990-01-01' }, { name: 'Ana Paula', cpf: null, birthDate: null }).status).toBe('not_stated');
  });

  it('ignores a CPF the file states with the wrong number of digits', () => {
    expect(checkReadingIdentity({ name: 'Ana Lima', cpf: '1234' }, ana)).toMatchObject({ status: 'match', matched: ['name'] });
  });
});

describe('readingNeedsReview', () => {
  const match = checkReadingIdentity({ name: 'Ana Lima' }, ana);
  const mismatch = checkReadingIdentity({ name: 'João Pedro Araújo' }, ana);
  const none = checkReadingIdentity(undefined, ana);
  it('applies a matching or anonymous high-confidence reading to an exam without thresholds', () => {
    expect(readingNeedsReview({ confidence: 'high', identity: match, examHasThresholds: false })).toEqual([]);
    expect(readingNeedsReview({ confidence: 'high', identity: none, examHasThresholds: false })).toEqual([]);
  });
  it('holds a reading of another person, of less than high confidence, or for an exam with thresholds', () => {
    expect(readingNeedsReview({ confidence: 'high', identity: mismatch, examHasThresholds: false })).toEqual(['identity_mismatch']);
    expect(readingNeedsReview({ confidence: 'medium', identity: match, examHasThresholds: false })).toEqual(['confidence']);
    expect(readingNeedsReview({ confidence: 'low', identity: mismatch, examHasThresholds: true })).toEqual(['identity_mismatch', 'confidence', 'existing_thresholds']);
  });
});
