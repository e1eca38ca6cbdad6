import { describe, expect, it } from 'vitest';
import { classifyLabel, parseCellValue, parseFrequencyLabel } from '../../adapters/src/ai/pdf-text/labels';

describe('parseFrequencyLabel: Hz and kHz, pt-BR and English number formats', () => {
  it.each([
    ['250', 250], ['250 Hz', 250], ['1000', 1000], ['1.000', 1000], ['1.000 Hz', 1000], ['8.000', 8000],
    ['0,25', 250], ['0,5', 500], ['0.5 kHz', 500], ['1', 1000], ['1 kHz', 1000], ['1k', 1000], ['6K', 6000],
    ['1,5 kHz', 1500], ['3', 3000], ['0,25 kHz', 250], ['0.5k', 500], ['1 k', 1000], ['0,75 kHz', 750], ['0.125 kHz', 125], ['12/03/2024', undefined], ['Frequência', undefined], ['5', undefined], ['2024', undefined],
  ])('%s → %s', (text, hz) => expect(parseFrequencyLabel(text)).toBe(hz));
});

describe('classifyLabel: ear and conduction words in pt-BR and English', () => {
  it.each([
    ['OD Via Aérea', { ear: 'right', conduction: 'air' }],
    ['OE Via Óssea', { ear: 'left', conduction: 'bone' }],
    ['Direita — Via Aérea', { ear: 'right', conduction: 'air' }],
    ['VO OE', { ear: 'left', conduction: 'bone' }],
    ['Right AC', { ear: 'right', conduction: 'air' }],
    ['L BC', { ear: 'left', conduction: 'bone' }],
    ['Left Bone', { ear: 'left', conduction: 'bone' }],
    ['Orelha Esquerda', { ear: 'left' }],
    ['Ouvido Direito', { ear: 'right' }],
    ['VA', { conduction: 'air' }],
    ['Bone Conduction (dB HL)', { conduction: 'bone' }],
    ['Via Aérea e Via Óssea', {}],
    ['R AC masked', { ear: 'right', conduction: 'air', masked: true }],
    ['OE — Via Óssea mascarada', { ear: 'left', conduction: 'bone', masked: true }],
    ['Right Bone (M)', { ear: 'right', conduction: 'bone', masked: true }],
    ['AC mkd', { conduction: 'air', masked: true }],
    ['A.C. Left', { ear: 'left', conduction: 'air' }],
    ['B.C. R', { ear: 'right', conduction: 'bone' }],
    ['Data do exame: 12/03/2024', {}],
    ['R. das Flores, apartamento do lado esquerdo', {}],
  ])('%s → %o', (text, meaning) => expect(classifyLabel(text)).toEqual(meaning));
});

describe('parseCellValue: values, no-response spellings, empty marks', () => {
  it.each([
    ['25', { kind: 'value', value: 25 }],
    ['-10', { kind: 'value', value: -10 }],
    ['–5', { kind: 'value', value: -5 }],
    ['22,5', { kind: 'value', value: 22.5 }],
    ['40 dB', { kind: 'value', value: 40 }],
    ['NR', { kind: 'no_response', level: null }],
    ['N.R.', { kind: 'no_response', level: null }],
    ['SR', { kind: 'no_response', level: null }],
    ['S/R', { kind: 'no_response', level: null }],
    ['AUS', { kind: 'no_response', level: null }],
    ['Ausente', { kind: 'no_response', level: null }],
    ['Sem resposta', { kind: 'no_response', level: null }],
    ['No response', { kind: 'no_response', level: null }],
    ['↓', { kind: 'no_response', level: null }],
    ['NR 110', { kind: 'no_response', level: 110 }],
    ['110 NR', { kind: 'no_response', level: 110 }],
    ['NR (100)', { kind: 'no_response', level: 100 }],
    ['↓110', { kind: 'no_response', level: 110 }],
    ['Ausente 70', { kind: 'no_response', level: 70 }],
    ['>110', { kind: 'no_response', level: 110 }],
    ['> 100 dB', { kind: 'no_response', level: 100 }],
    ['sem resposta', { kind: 'no_response', level: null }],
    ['35M', { kind: 'value', value: 35 }],
    ['25 dB HL', { kind: 'value', value: 25 }],
    ['30 dBNA', { kind: 'value', value: 30 }],
    ['>120dBHL', { kind: 'no_response', level: 120 }],
    ['-', { kind: 'not_measured' }],
    ['—', { kind: 'not_measured' }],
    ['NT', { kind: 'not_measured' }],
    ['abc', { kind: 'unreadable', text: 'abc' }],
  ])('%s → %o', (text, value) => expect(parseCellValue(text)).toEqual(value));
});
