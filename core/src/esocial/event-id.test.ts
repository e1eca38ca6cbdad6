import { describe, expect, it } from 'vitest';
import { employerInscription, esocialEventId, EVENT_ID_PATTERN, eventIdPrefix, parseReceipt } from './event-id';

describe('eSocial identification rules', () => {
  it('Id = ID + tpInsc + the 14-character CNPJ + AAAAMMDDHHMMSS (Brasília) + 5-digit sequence, matching TS_Id', () => {
    const id = esocialEventId('11222333000181', new Date('2026-03-10T15:04:05Z'), 7);
    expect(id).toBe('ID1112223330001812026031012040500007');
    expect(id).toHaveLength(36);
    expect(id).toMatch(EVENT_ID_PATTERN);
    expect(eventIdPrefix('11222333000181', new Date('2026-03-10T15:04:05Z'))).toBe(id.slice(0, 31));
    // the alphanumeric CNPJ (IN RFB 2.229/2024) fits the same pattern
    expect(esocialEventId('12ABC34501DE35', new Date('2026-08-01T03:00:00Z'), 1)).toMatch(EVENT_ID_PATTERN);
    // midnight UTC is still the previous day in Brasília
    expect(esocialEventId('11222333000181', new Date('2026-01-01T02:59:59Z'), 1).slice(17, 31)).toBe('20251231235959');
    expect(() => esocialEventId('11222333000181', new Date(), 0)).toThrow(RangeError);
    expect(() => esocialEventId('11222333000181', new Date(), 100_000)).toThrow(RangeError);
  });

  it('ideEmpregador/nrInsc of a CNPJ employer is the 8-character base', () => {
    expect(employerInscription('11222333000181')).toBe('11222333');
  });

  it('a receipt is 1.D.DDDDDDDDDDDDDDDDDDD (TS_nrRecibo), spaces ignored', () => {
    expect(parseReceipt(' 1.2.0000000000012345678 ')).toBe('1.2.0000000000012345678');
    expect(parseReceipt('2.2.0000000000012345678')).toBeUndefined();
    expect(parseReceipt('1.2.000000000001234567')).toBeUndefined();
    expect(parseReceipt('')).toBeUndefined();
  });
});
