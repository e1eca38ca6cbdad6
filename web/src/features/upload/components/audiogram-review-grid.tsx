import { lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../../../../core/src/index';
import {
  emptyThresholdCell,
  ThresholdInput,
  thresholdCellOf,
  thresholdCellProblem,
  thresholdCellValue,
  type PointConfidence,
  type ThresholdCell,
} from '../../../components/audiogram/threshold-input';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { AudiogramValues } from '../../../components/audiogram/audiogram-data';
import { nr7Label } from '../../../lib/classification';
import { hasAirThresholds, saveAudiogram, type AudiogramBody, type Exam } from '../api';
import { PendingReadingReview } from './pending-reading-review';
import { focusPointCell, PointsToCheck, ReadingPicture, readPoints } from './reading-picture';
import './upload.css';

const AudiogramChart = lazy(() => import('../../../components/audiogram/audiogram-chart'));

type Ear = 're' | 'le';
type Kind = 'air' | 'bone';
type Grid = Record<string, Record<Ear, ThresholdCell>>;

const EARS: { ear: Ear; side: 'right' | 'left'; label: string; short: string }[] = [
  { ear: 're', side: 'right', label: 'Orelha direita (OD)', short: 'OD' },
  { ear: 'le', side: 'left', label: 'Orelha esquerda (OE)', short: 'OE' },
];
const SYMBOL: Record<Kind, Record<Ear, string>> = { air: { re: 'O', le: 'X' }, bone: { re: '<', le: '>' } };
const FREQS: Record<Kind, readonly number[]> = { air: AIR_FREQUENCIES, bone: BONE_FREQUENCIES };
const freqLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));

function gridFrom(exam: Exam, kind: Kind): Grid {
  const source = exam.audiogram[kind] ?? {};
  return Object.fromEntries(
    FREQS[kind].map((f) => {
      const pair = source[String(f)];
      return [String(f), { re: pair ? thresholdCellOf(pair.re) : emptyThresholdCell(), le: pair ? thresholdCellOf(pair.le) : emptyThresholdCell() }];
    }),
  );
}

const toWire = (grid: Grid) =>
  Object.fromEntries(Object.entries(grid).map(([f, p]) => [f, { re: thresholdCellValue(p.re) ?? null, le: thresholdCellValue(p.le) ?? null }]));

export interface AudiogramReviewGridProps {
  /** The exam as read (`GET /api/exams/{id}`): thresholds, `ambienteJson` (point confidence) and classification. */
  exam: Exam;
  /** After 'Salvar audiograma' succeeded, with the re-classified exam of the server. */
  onSaved?: (exam: Exam) => void;
}

/**
 * The review grid of an uploaded audiogram (issue 6): both ears, air 250–8000 Hz (with 3000 and
 * 6000) and bone 500–4000 Hz, cells on the 5 dB grid with NR, the points the reader was unsure of
 * outlined, the audiogram redrawn as values change, and 'Salvar audiograma' re-classifying the exam
 * on the server. When the reading failed it opens empty for manual entry, with a banner saying so.
 * A reading held for review (another person's file, not high confidence; issue 14) is shown above
 * the grid and reaches it only when the professional applies it.
 */
export function AudiogramReviewGrid({ exam, onSaved }: AudiogramReviewGridProps) {
  const ambiente = exam.ambienteJson;
  const [grids, setGrids] = useState<Record<Kind, Grid>>(() => ({ air: gridFrom(exam, 'air'), bone: gridFrom(exam, 'bone') }));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Exam | null>(null);
  // A reading held for review (issue 14) is decided above the grid before its values reach it.
  const [decided, setDecided] = useState(false);
  const held = !decided ? (ambiente?.reviewPending ?? null) : null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const manual = !hasAirThresholds(exam) && (ambiente?.analysisFailed ?? false);
  const current = saved ?? exam;
  const showClassification = hasAirThresholds(current);

  const confidenceOf = (kind: Kind, side: 'right' | 'left', f: number): PointConfidence | undefined => {
    if (held) return undefined;
    const c = ambiente?.pointConfidence?.[side][kind][String(f)];
    return c === 'low' || c === 'medium' ? c : undefined;
  };
  const visibleConfidence = (kind: Kind, side: 'right' | 'left', ear: Ear, f: number) =>
    touched.has(`${kind}.${f}.${ear}`) ? undefined : confidenceOf(kind, side, f);

  const flagged = useMemo(() => {
    const found = { low: 0, medium: 0 };
    if (held) return found;
    for (const kind of ['air', 'bone'] as const)
      for (const { side } of EARS)
        for (const f of FREQS[kind]) {
          const c = ambiente?.pointConfidence?.[side][kind][String(f)];
          if (c === 'low' || c === 'medium') found[c] += 1;
        }
    return found;
  }, [ambiente, held]);

  function afterDecision(updated: Exam) {
    setDecided(true);
    setGrids({ air: gridFrom(updated, 'air'), bone: gridFrom(updated, 'bone') });
    setTouched(new Set());
    setErrors({});
    setSaved(hasAirThresholds(updated) ? updated : null);
    onSaved?.(updated);
  }

  const chartValues: AudiogramValues = useMemo(() => ({ air: toWire(grids.air), bone: toWire(grids.bone) }), [grids]);
  // the reader's points (unsure first) and, for a picture, where it found them (issue 17 item 5)
  const points = useMemo(
    () => (held || manual ? [] : readPoints({ values: chartValues, pointConfidence: ambiente?.pointConfidence, positions: ambiente?.positions, secondOpinion: ambiente?.secondOpinion })),
    [held, manual, chartValues, ambiente],
  );
  const picture = !held && !manual && ambiente?.positions && ambiente.positions.page === undefined ? (ambiente.fileId ?? null) : null;
  const goTo = (key: string) => {
    setHighlighted(key);
    focusPointCell(form.current, key);
  };

  function setCell(kind: Kind, f: string, ear: Ear, cell: ThresholdCell) {
    setGrids((g) => ({ ...g, [kind]: { ...g[kind], [f]: { ...g[kind][f], [ear]: cell } } }));
    setTouched((t) => new Set(t).add(`${kind}.${f}.${ear}`));
    setErrors((e) => {
      const key = `${kind}.${f}.${ear}`;
      if (!(key in e)) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    for (const kind of ['air', 'bone'] as const)
      for (const [f, pair] of Object.entries(grids[kind]))
        for (const { ear } of EARS) {
          const p = thresholdCellProblem(pair[ear]);
          if (p) problems[`${kind}.${f}.${ear}`] = p;
        }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setSaveError('Verifique os limiares destacados.');
      return;
    }
    const air = toWire(grids.air);
    if (!Object.values(air).some((p) => p.re !== null || p.le !== null)) {
      setSaveError('Informe pelo menos um limiar por via aérea.');
      return;
    }
    setSaveError(null);
    setSaving(true);
    try {
      const body: AudiogramBody = { air, bone: toWire(grids.bone) };
      const updated = await saveAudiogram(exam.id, body);
      setSaved(updated);
      toast.success('Audiograma salvo e reclassificado com sucesso!');
      onSaved?.(updated);
    } catch (error) {
      const message = errorMessage(error, 'Erro ao salvar audiograma');
      setSaveError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  const table = (kind: Kind) => (
    <div className="review-grid__scroll">
      <table className="review-grid__table" data-grid={kind}>
        <caption className="review-grid__caption">{kind === 'air' ? 'Via aérea (dB NA)' : 'Via óssea (dB NA)'}</caption>
        <thead>
          <tr>
            <th scope="col">Orelha</th>
            {FREQS[kind].map((f) => (
              <th key={f} scope="col">
                {freqLabel(f)}
                <span className="visually-hidden"> Hz</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {EARS.map(({ ear, side, label, short }) => (
            <tr key={ear} className={`review-grid__row--${ear}`}>
              <th scope="row">
                <span className="review-grid__symbol" aria-hidden="true">
                  {SYMBOL[kind][ear]}
                </span>
                {short}
              </th>
              {FREQS[kind].map((f) => {
                const key = `${kind}.${f}.${ear}`;
                return (
                  <td key={f} onFocus={() => setHighlighted(`${kind}.${f}.${ear === 're' ? 'RE' : 'LE'}`)} className={highlighted === `${kind}.${f}.${ear === 're' ? 'RE' : 'LE'}` ? 'review-grid__cell--active' : undefined}>
                    <ThresholdInput
                      cell={grids[kind][String(f)][ear]}
                      onChange={(cell) => setCell(kind, String(f), ear, cell)}
                      label={`${label}, ${kind === 'air' ? 'via aérea' : 'via óssea'}, ${f} Hz`}
                      error={errors[key]}
                      confidence={visibleConfidence(kind, side, ear, f)}
                      disabled={saving}
                      dataCell={`${kind}.${f}.${ear === 're' ? 'RE' : 'LE'}`}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <form ref={form} className="review-grid" onSubmit={onSubmit} noValidate aria-label="Revisão do audiograma">
      {held && (
        <PendingReadingReview examId={exam.id} readingId={held.readingId} onApplied={afterDecision} onDiscarded={afterDecision} revision={ambiente?.secondOpinion?.status} />
      )}
      {manual && (
        <Banner variant="warning" title="Preenchimento manual">
          A leitura automática do arquivo{ambiente?.extractedFrom ? ` '${ambiente.extractedFrom}'` : ''} não foi possível. Digite os limiares
          a partir do audiograma enviado (use 'Ver Exame' para consultá-lo) e salve.
        </Banner>
      )}
      {!manual && (flagged.low > 0 || flagged.medium > 0) && (
        <ul className="review-grid__legend" aria-label="Legenda da revisão">
          {flagged.low > 0 && (
            <li>
              <span className="review-grid__swatch review-grid__swatch--low" aria-hidden="true">
                !
              </span>
              baixa confiança — revise ({flagged.low} ponto(s))
            </li>
          )}
          {flagged.medium > 0 && (
            <li>
              <span className="review-grid__swatch review-grid__swatch--medium" aria-hidden="true" />
              confiança média ({flagged.medium} ponto(s))
            </li>
          )}
        </ul>
      )}
      {saveError && <Banner variant="error">{saveError}</Banner>}
      {!held && <PointsToCheck points={points.filter((p) => !touched.has(`${p.kind}.${p.hz}.${p.side === 'right' ? 're' : 'le'}`))} source={ambiente?.source} secondSource={ambiente?.secondOpinion?.source} highlighted={highlighted} onSelect={goTo} />}
      <div className="review-grid__layout">
        <div className={`reading-review${picture ? ' reading-review--with-picture' : ''}`}>
          {picture && <ReadingPicture fileId={picture} fileName={ambiente?.extractedFrom} points={points} highlighted={highlighted} onSelect={goTo} />}
          <div className="review-grid__tables">
            {table('air')}
            {table('bone')}
            <p className="review-grid__note">Valores de −10 a 120 dB NA em passos de 5. Marque NR quando não houve resposta no nível testado.</p>
          </div>
        </div>
        <div className="review-grid__side">
          <Suspense fallback={<Spinner label="Carregando audiograma..." />}>
            <AudiogramChart values={chartValues} title="Audiograma em revisão" height={340} />
          </Suspense>
          {showClassification && (
            <section className="review-grid__classification" aria-label="Classificação (NR-7)" data-testid="review-classification">
              <h4 className="review-grid__subtitle">Classificação (NR-7 Anexo II)</h4>
              <dl>
                {EARS.map(({ side, label }) => (
                  <div key={side}>
                    <dt>{label}</dt>
                    <dd>{nr7Label(current.classification[`classification_${side}`])}</dd>
                  </div>
                ))}
              </dl>
              {saved && <p className="review-grid__saved" role="status">Classificação recalculada com os limiares salvos.</p>}
            </section>
          )}
        </div>
      </div>
      <div className="review-grid__actions">
        <Button type="submit" loading={saving} loadingText="Salvando...">
          Salvar audiograma
        </Button>
      </div>
    </form>
  );
}
