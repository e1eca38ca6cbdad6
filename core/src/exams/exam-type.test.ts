import { describe, expect, it } from 'vitest';
import { EXAM_TYPES, EXAM_TYPE_LABELS, parseExamType } from './exam-type';

describe('parseExamType', () => {
  it.each(EXAM_TYPES)('reads the code and the label of %s', (t) => {
    expect(parseExamType(t)).toBe(t);
    expect(parseExamType(EXAM_TYPE_LABELS[t])).toBe(t);
    expect(parseExamType(EXAM_TYPE_LABELS[t].toUpperCase())).toBe(t);
  });

  it.each([
    ['Periódica', 'periodico'], ['Mudança de função', 'mudanca_riscos'], ['retorno-ao-trabalho', 'retorno_trabalho'],
    ['ADMISSÃO', 'admissional'], ['9', 'demissional'], ['4', 'monitoracao_pontual'], [' demissional ', 'demissional'],
  ])('reads %s as %s', (raw, t) => expect(parseExamType(raw)).toBe(t));

  it.each(['', 'anual', 'x', '5', 'eletiva'])('does not guess %s', (raw) => expect(parseExamType(raw)).toBeUndefined());
});
