import { describe, expect, it } from 'vitest';
import { ageKeptOnAnonymization, anonymizeDraftJson, anonymizedName, scrubJson, scrubText, type WorkerIdentifiers } from './anonymization';
import { maskEmail } from './deletion-request';
import { addYears, recordsPastRetention, type RetentionInput } from './retention';

const who: WorkerIdentifiers = {
  name: 'João da Silva Araújo', cpf: '52998224725', email: 'joao.araujo@example.com', phone: '(11) 98765-4321',
  birthDate: '1980-05-17', address: 'Rua das Flores, 10', registrations: ['MAT-1234'],
};

describe('anonymisation', () => {
  it('finds the name whatever its case, accents and spacing, and each of its words alone (particles excepted)', () => {
    expect(scrubText('Paciente JOAO DA SILVA ARAUJO, 44 anos', who)).toBe('Paciente [removido (LGPD)], 44 anos');
    expect(scrubText('João refere zumbido; Araujo trabalha na prensa', who)).toBe('[removido (LGPD)] refere zumbido; [removido (LGPD)] trabalha na prensa');
    expect(scrubText('da casa de Silvana', who)).toBe('da casa de Silvana'); // whole words only, "da" never alone
  });

  it('finds the CPF with or without its mask, the e-mail, the phone, the birth date and the matrícula', () => {
    for (const text of ['CPF 529.982.247-25', 'CPF 52998224725', 'CPF 529 982 247 25', 'joao.araujo@example.com', 'tel 11 98765 4321', 'nasc. 17/05/1980', '1980-05-17', 'matrícula MAT-1234']) {
      expect(scrubText(text, who), text).toContain('[removido (LGPD)]');
    }
    expect(scrubText('lote 152998224725', who)).toBe('lote 152998224725'); // not a CPF inside a longer number
  });

  it('scrubs every string of a JSON document and empties the identity a file stated', () => {
    const doc = { identity: { name: 'J. SILVA', cpf: '52998224725' }, notes: ['Arquivo de João da Silva Araújo'], thresholds: { 500: 10 }, stated: { name: 'x' } };
    expect(scrubJson(doc, who)).toEqual({ identity: {}, notes: ['Arquivo de [removido (LGPD)]'], thresholds: { 500: 10 }, stated: {} });
  });

  it("replaces the laudo draft's patient and keeps its clinical facts", () => {
    const draft = JSON.stringify({ facts: { patient: { name: who.name, cpf: '529.982.247-25', birthDate: '1980-05-17', age: 44, sexLabel: 'Masculino' } }, summary_text: 'João da Silva Araújo apresenta entalhe em 4 kHz.' });
    const out = JSON.parse(anonymizeDraftJson(draft, who, anonymizedName('1a2b3c4d-0000-4000-8000-000000000000')));
    expect(out.facts.patient).toEqual({ name: 'Titular anonimizado (LGPD) 1a2b3c4d', cpf: null, birthDate: null, age: 44, sexLabel: 'Masculino' });
    expect(out.summary_text).toBe('[removido (LGPD)] apresenta entalhe em 4 kHz.');
  });

  it('keeps the age on the last exam instead of the birth date; masks the request e-mail', () => {
    expect(ageKeptOnAnonymization('1980-05-17', '2024-05-16')).toBe(43);
    expect(ageKeptOnAnonymization('1980-05-17', '2024-05-17')).toBe(44);
    expect(ageKeptOnAnonymization(null, '2024-05-17')).toBeNull();
    expect(maskEmail('joao.araujo@example.com')).toBe('j***@example.com');
  });
});

describe('retention (NR-7 item 7.6.1.1)', () => {
  const base: RetentionInput = { patientId: 'p', name: 'X', lastDismissal: null, employed: false, hasEmployment: false, lastExam: null, exams: 0, archived: false, anonymized: false };
  it('counts 20 years from the last dismissal, or the last exam without a period; never while employed', () => {
    const items = recordsPastRetention([
      { ...base, patientId: 'left', hasEmployment: true, lastDismissal: '2005-06-30', lastExam: '2005-06-01', exams: 3 },
      { ...base, patientId: 'left-later-exam', hasEmployment: true, lastDismissal: '2005-06-30', lastExam: '2007-01-10', exams: 2 },
      { ...base, patientId: 'no-period', lastExam: '2004-01-10', exams: 1 },
      { ...base, patientId: 'employed', hasEmployment: true, employed: true, lastDismissal: '2001-01-01', lastExam: '2002-01-01' },
      { ...base, patientId: 'recent', hasEmployment: true, lastDismissal: '2010-01-01' },
      { ...base, patientId: 'nothing' },
    ], '2026-11-25');
    expect(items.map((i) => [i.patientId, i.basis, i.retainUntil])).toEqual([
      ['no-period', 'ultimo_exame', '2024-01-10'],
      ['left', 'desligamento', '2025-06-30'],
    ]);
    expect(items[1].daysPast).toBe(513);
    expect(addYears('2004-02-29', 20)).toBe('2024-02-29');
    expect(addYears('2004-02-29', 21)).toBe('2025-02-28');
  });
});
