import { describe, expect, it } from 'vitest';
import { anEar, anExam } from '../../audiogram/audiogram-builder';
import type { EarAudiogram } from '../../audiogram/audiogram';
import { assessNexoCausal, audiogramPatternOf, CFM_2323_ART2_CHECKLIST } from './assess-nexo-causal';
import type { NexoAnswers } from './nexo-causal-table';

const exposed: NexoAnswers = { pausaRuido: 'sim', volumeAlto: 'sim', tempoExposicao: 10, funcaoRuidosa: 'sim', usoEPI: 'nao' };
const notch = anEar(10, { 3000: 35, 4000: 50, 6000: 45, 8000: 30 });
const bcSensorineural = { 500: 10, 1000: 10, 2000: 10, 3000: 35, 4000: 50 };
const assess = (answers: NexoAnswers, right: EarAudiogram, left: EarAudiogram = right) =>
  assessNexoCausal(answers, audiogramPatternOf([anExam('2024-01-10', right, left)]));

describe('assessNexoCausal (rule table N1–N9)', () => {
  it.each([
    ['N1 no exposure → improvavel', { ...exposed, volumeAlto: 'nao', funcaoRuidosa: 'nao' } as NexoAnswers, notch, notch, 'improvavel', 'N1'],
    ['N2 normal hearing → improvavel', exposed, anEar(10), anEar(10), 'improvavel', 'N2'],
    ['N3 conductive loss → improvavel', exposed, anEar(40, {}, { 500: 10, 1000: 10, 2000: 10, 3000: 10, 4000: 10 }), anEar(10), 'improvavel', 'N3'],
    ['N4 no 14 h rest → indeterminado', { ...exposed, pausaRuido: 'nao' } as NexoAnswers, notch, notch, 'indeterminado', 'N4'],
    ['N5 classification undecided (right ear not tested) → indeterminado', exposed, { air: {} }, anEar(10), 'indeterminado', 'N5'],
    ['N6 bilateral notch with 8 kHz recovery → provavel', exposed, anEar(10, { 3000: 35, 4000: 50, 6000: 45, 8000: 30 }, bcSensorineural), notch, 'provavel', 'N6'],
    ['N7 other ear altered without 8 kHz recovery → possivel', exposed, notch, anEar(10, { 3000: 35, 4000: 50, 6000: 50, 8000: 55 }), 'possivel', 'N7'],
    ['N7 zero years of exposure → possivel', { ...exposed, tempoExposicao: 0 }, notch, notch, 'possivel', 'N7'],
    ['N7 unilateral (asymmetric) notch → possivel', exposed, notch, anEar(10), 'possivel', 'N7'],
    ['N8 altered, not suggestive → possivel', exposed, anEar(40), anEar(40), 'possivel', 'N8'],
  ])('%s', (_n, answers, right, left, level, rule) => {
    const r = assess(answers, right, left);
    expect(r.regra).toBe(rule);
    expect(r.classificacao).toBe(level);
    expect(r.fundamentos.length).toBeGreaterThan(0);
    expect(r.sugestao).toBe(true);
  });

  it('frames every suggestion with CFM 2.323/2022 art. 2 and lists its nine items as not assessed', () => {
    const r = assess(exposed, notch);
    expect(r.moldura).toContain('Resolução CFM n.º 2.323/2022');
    expect(r.checklistCfm.map((c) => c.item)).toEqual([...CFM_2323_ART2_CHECKLIST]);
    expect(r.checklistCfm.every((c) => c.status === 'não avaliado')).toBe(true);
    expect(r.fundamentos).toContain('Uso correto de protetor auditivo não referido.');
  });
});
