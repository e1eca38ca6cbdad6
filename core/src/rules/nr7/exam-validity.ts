import type { AudiometricExam, EarAudiogram } from '../../audiogram/audiogram';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../audiogram/frequencies';
import { isTested } from '../../audiogram/threshold';
import { boundsOf, above } from '../bounds';
import { addMonthsMs, isoDateToUtcMs } from './calendar';
import { NR7_ACCEPTABLE_LIMIT_DB } from './classify-nr7-ear';
import { missingMandatoryFrequencies } from './missing-frequencies';

/** NR-7 Anexo II item 3.4: "repouso auditivo por um período mínimo de 14 horas". */
export const MIN_REST_HOURS = 14;
/** NR-7 Anexo II item 3.2 I: "aferição acústica anual" (12 months). */
export const ACOUSTIC_CHECK_MONTHS = 12;
/** NR-7 Anexo II item 3.2 II c): calibração "a cada 5 (cinco) anos, se não houver indicação do fabricante". */
export const DEFAULT_CALIBRATION_MONTHS = 60;

/** A validity problem a laudo can print: stable code, pt-BR text, the item it rests on. */
export interface ExamFinding {
  readonly code: string;
  readonly message: string;
  readonly item: string;
}

const EAR_NAME = { right: 'Orelha direita', left: 'Orelha esquerda' } as const;

function finding(code: string, item: string, text: string): ExamFinding {
  return { code, item: `NR-7, Anexo II, item ${item}`, message: `${text} (NR-7, Anexo II, item ${item}).` };
}

function airAltered(ear: EarAudiogram): boolean | null {
  let unknown = false;
  for (const f of AIR_FREQUENCIES) {
    const b = boundsOf(ear.air[f]);
    const altered = b ? above(b, NR7_ACCEPTABLE_LIMIT_DB) : false;
    if (altered === true) return true;
    if (altered === null) unknown = true;
  }
  return unknown ? null : false;
}

/**
 * Checks one exam against NR-7 Anexo II items 3.2, 3.4, 3.5, 3.6 and 3.6.1 and lists the findings
 * (empty = nothing to flag). Conditions not recorded are findings too (item 3.5 requires them).
 * Bone conduction is required when air conduction is altered (> 25 dB HL, the 5.1 limit); an NR
 * counts as altered when its level is ≥ 25.
 */
export function checkExamValidity(exam: AudiometricExam): ExamFinding[] {
  const out: ExamFinding[] = [];
  const c = exam.conditions ?? {};
  if (c.restHours === undefined) out.push(finding('NR7.REST_NOT_RECORDED', '3.5 c', 'Tempo de repouso auditivo não registrado'));
  else if (c.restHours < MIN_REST_HOURS) {
    out.push(finding('NR7.REST_UNDER_14H', '3.4', `Repouso auditivo de ${c.restHours} h, inferior ao mínimo de 14 horas`));
  }
  const examMs = isoDateToUtcMs(exam.date);
  if (c.lastAcousticCheckDate === undefined) {
    out.push(finding('NR7.ACOUSTIC_CHECK_NOT_RECORDED', '3.5 d', 'Data da última aferição acústica do audiômetro não registrada'));
  } else if (examMs > addMonthsMs(c.lastAcousticCheckDate, ACOUSTIC_CHECK_MONTHS)) {
    out.push(finding('NR7.ACOUSTIC_CHECK_OVERDUE', '3.2 I', 'Aferição acústica do audiômetro com mais de 12 meses na data do exame'));
  }
  if (c.lastCalibrationDate !== undefined) {
    const months = c.manufacturerCalibrationMonths ?? DEFAULT_CALIBRATION_MONTHS;
    if (examMs > addMonthsMs(c.lastCalibrationDate, months)) {
      const item = c.manufacturerCalibrationMonths === undefined ? '3.2 II c' : '3.2 II b';
      out.push(finding('NR7.CALIBRATION_OVERDUE', item, `Calibração acústica do audiômetro com mais de ${months} meses na data do exame`));
    }
  }
  for (const side of ['right', 'left'] as const) {
    const ear = exam[side];
    const missing = missingMandatoryFrequencies(ear);
    if (missing.length > 0) {
      out.push(finding('NR7.MANDATORY_FREQUENCY_MISSING', '3.6', `${EAR_NAME[side]}: via aérea sem as frequências obrigatórias ${missing.join(', ')} Hz`));
    }
    const boneMissing = BONE_FREQUENCIES.filter((f) => !isTested(ear.bone?.[f]));
    if (boneMissing.length > 0 && airAltered(ear) !== false) {
      out.push(finding('NR7.BONE_CONDUCTION_MISSING', '3.6.1', `${EAR_NAME[side]}: via aérea alterada sem via óssea em ${boneMissing.join(', ')} Hz`));
    }
  }
  return out;
}
