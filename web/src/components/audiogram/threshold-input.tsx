import { useId } from 'react';
import type { WireThreshold } from '../../../../adapters/src/http/contract/exams';
import { MAX_THRESHOLD_DB, MIN_THRESHOLD_DB, THRESHOLD_STEP_DB, thresholdGridProblem } from '../../../../core/src/index';
import './threshold-input.css';

/** What a threshold cell holds while it is edited: the typed text and the "no response" flag. */
export interface ThresholdCell {
  value: string;
  nr: boolean;
}

export type PointConfidence = 'high' | 'medium' | 'low';

export const emptyThresholdCell = (): ThresholdCell => ({ value: '', nr: false });

/** The cell for a wire threshold: `25` → "25", `{ nr: 90 }` → "90" + NR, null/undefined → empty. */
export function thresholdCellOf(t: WireThreshold | undefined): ThresholdCell {
  if (t === null || t === undefined) return emptyThresholdCell();
  if (typeof t === 'object') return { value: String(t.nr), nr: true };
  return { value: String(t), nr: false };
}

/** The cell's problem in pt-BR (off the 5 dB grid, out of −10…120, NR without a level), else undefined. */
export function thresholdCellProblem(cell: ThresholdCell): string | undefined {
  if (cell.value.trim() === '') return cell.nr ? 'Informe o nível testado sem resposta' : undefined;
  return thresholdGridProblem(Number(cell.value.replace(',', '.')));
}

/** The cell on the wire: number, `{ nr: level }` or null (empty). Invalid cells give undefined. */
export function thresholdCellValue(cell: ThresholdCell): WireThreshold | undefined {
  if (cell.value.trim() === '') return null;
  if (thresholdCellProblem(cell)) return undefined;
  const n = Number(cell.value.replace(',', '.'));
  return cell.nr ? { nr: n } : n;
}

export interface ThresholdInputProps {
  cell: ThresholdCell;
  onChange: (cell: ThresholdCell) => void;
  /** Accessible name of the point, e.g. "Orelha direita (OD), via aérea, 500 Hz". */
  label: string;
  /** pt-BR problem shown under the cell (and announced with it). */
  error?: string;
  /** How far a machine reading of this point can be trusted: `low` is outlined amber, `medium` marked. */
  confidence?: PointConfidence;
  disabled?: boolean;
  /** Stable hook for tests and the entry form ("air.500.RE"). */
  dataCell?: string;
}

const CONFIDENCE_NOTE: Record<PointConfidence, string | undefined> = {
  high: undefined,
  medium: 'confiança média',
  low: 'baixa confiança — revise',
};

/**
 * One audiogram threshold: a number input on the 5 dB grid (−10…120 dB NA) with an NR toggle
 * ("sem resposta no nível testado"). Shared by the review grid of uploads; the same markup as the
 * entry form's cells. The confidence of a machine reading is shown by an outline and a glyph, and
 * spoken as part of the description, so it never relies on colour alone.
 */
export function ThresholdInput({ cell, onChange, label, error, confidence, disabled, dataCell }: ThresholdInputProps) {
  const id = useId();
  const note = confidence ? CONFIDENCE_NOTE[confidence] : undefined;
  const describedBy = [note ? `${id}-conf` : null, error ? `${id}-err` : null].filter(Boolean).join(' ') || undefined;
  const classes = ['threshold-input', confidence && confidence !== 'high' ? `threshold-input--${confidence}` : null, error ? 'threshold-input--invalid' : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="threshold-input__wrap">
      <div className={classes}>
        {confidence === 'low' && (
          <span className="threshold-input__flag" aria-hidden="true">
            !
          </span>
        )}
        <input
          className="threshold-input__value"
          type="number"
          inputMode="numeric"
          min={MIN_THRESHOLD_DB}
          max={MAX_THRESHOLD_DB}
          step={THRESHOLD_STEP_DB}
          value={cell.value}
          disabled={disabled}
          aria-label={`${label} (dB NA)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-cell={dataCell}
          data-confidence={confidence}
          onChange={(e) => onChange({ ...cell, value: e.target.value })}
        />
        <button
          type="button"
          className="threshold-input__nr"
          aria-pressed={cell.nr}
          aria-label={`NR — sem resposta, ${label}`}
          title="Sem resposta (NR) no nível testado"
          disabled={disabled}
          onClick={() => onChange({ ...cell, nr: !cell.nr })}
        >
          NR
        </button>
      </div>
      {note && (
        <span id={`${id}-conf`} className="visually-hidden">
          {note}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="threshold-input__error">
          {error}
        </span>
      )}
    </div>
  );
}
