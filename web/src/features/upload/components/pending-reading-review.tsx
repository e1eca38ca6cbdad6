import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AIR_FREQUENCIES, BONE_FREQUENCIES } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCan } from '../../auth';
import { applyReading, CONFIDENCE_LABEL, discardReading, fetchExam, fetchReadings, shortSourceLabel, sourceLabel, type Exam, type ExamReading } from '../api';
import { focusPointCell, PointsToCheck, ReadingPicture, readPoints } from './reading-picture';
import './upload.css';

const cpfText = (d: string) => (d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : d);
const dateText = (iso: string) => iso.split('-').reverse().join('/');
const freqLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));

/** pt-BR sentences naming what the file states against the worker's record (shown in red). */
export function mismatchSentences(r: ExamReading): string[] {
  const { stated, worker, mismatched } = r.identity;
  const out: string[] = [];
  if (mismatched.includes('name')) out.push(`O arquivo é de ${stated.name}; o trabalhador é ${worker.name}.`);
  if (mismatched.includes('cpf') && stated.cpf && worker.cpf) out.push(`CPF no arquivo: ${cpfText(stated.cpf)}; no cadastro do trabalhador: ${cpfText(worker.cpf)}.`);
  if (mismatched.includes('birthDate') && stated.birthDate && worker.birthDate)
    out.push(`Data de nascimento no arquivo: ${dateText(stated.birthDate)}; no cadastro do trabalhador: ${dateText(worker.birthDate)}.`);
  return out;
}

type Wire = ExamReading['audiogram']['air'][string]['re'];
const valueText = (v: Wire | undefined) => (v === null || v === undefined ? '—' : typeof v === 'number' ? String(v) : `NR ${v.nr}`);

interface Selection {
  highlighted: string | null;
  onSelect: (key: string) => void;
}

function ReadingTable({ reading, kind, highlighted, onSelect }: { reading: ExamReading; kind: 'air' | 'bone' } & Selection) {
  const freqs = kind === 'air' ? AIR_FREQUENCIES : BONE_FREQUENCIES;
  const values = reading.audiogram[kind];
  const ears = [
    { key: 're' as const, side: 'right' as const, label: 'OD' },
    { key: 'le' as const, side: 'left' as const, label: 'OE' },
  ];
  return (
    <div className="review-grid__scroll">
      <table className="review-grid__table pending-reading__table">
        <caption className="review-grid__caption">{kind === 'air' ? 'Via aérea lida (dB NA)' : 'Via óssea lida (dB NA)'}</caption>
        <thead>
          <tr>
            <th scope="col">Orelha</th>
            {freqs.map((f) => (
              <th key={f} scope="col">
                {freqLabel(f)}
                <span className="visually-hidden"> Hz</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ears.map(({ key, side, label }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {freqs.map((f) => {
                const c = reading.pointConfidence[side][kind][String(f)];
                const flagged = c === 'low' || c === 'medium';
                const cellKey = `${kind}.${f}.${key.toUpperCase()}`;
                const classes = [flagged ? `pending-reading__cell--${c}` : null, highlighted === cellKey ? 'pending-reading__cell--active' : null].filter(Boolean).join(' ');
                return (
                  <td key={f} className={classes || undefined} data-read-cell={cellKey} tabIndex={-1} onClick={() => onSelect(cellKey)} onFocus={() => onSelect(cellKey)}>
                    {valueText(values[String(f)]?.[key])}
                    {flagged && <span className="visually-hidden"> (confiança {c === 'low' ? 'baixa' : 'média'})</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface PendingReadingReviewProps {
  examId: string;
  /** The reading `ambienteJson.reviewPending` points to (the latest held one otherwise). */
  readingId: string;
  /** After 'Aplicar leitura ao exame', with the re-classified exam. */
  onApplied: (exam: Exam) => void;
  /** After 'Descartar leitura', with the exam as it now is. */
  onDiscarded: (exam: Exam) => void;
  /** Changes when the exam's note says the reading changed (a second opinion arrived): the reading is read again. */
  revision?: string;
}

/**
 * A reading held for the professional (issue 14): whose file it is (a mismatch with the worker in
 * red), how far to trust it, the thresholds read, and the two decisions. A file of another person
 * must be confirmed with the checkbox before it can be applied.
 */
export function PendingReadingReview({ examId, readingId, onApplied, onDiscarded, revision }: PendingReadingReviewProps) {
  const readings = useQuery({ queryKey: ['exams', 'readings', examId], queryFn: ({ signal }) => fetchReadings(examId, signal) });
  const { refetch } = readings;
  const first = useRef(revision);
  useEffect(() => {
    if (revision !== first.current) void refetch();
  }, [revision, refetch]);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState<'apply' | 'discard' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const canDecide = useCan('exams.write');

  if (readings.isPending) return <Spinner label="Carregando a leitura retida..." />;
  if (readings.isError)
    return (
      <Banner variant="error" title="Não foi possível carregar a leitura retida" actions={<Button variant="secondary" size="sm" onClick={() => void readings.refetch()}>Tentar novamente</Button>}>
        {errorMessage(readings.error, 'Erro ao carregar a leitura.')}
      </Banner>
    );
  const pending = readings.data.filter((r) => r.status === 'pending');
  const reading = pending.find((r) => r.id === readingId) ?? pending[0];
  if (!reading) return null;

  const mismatch = reading.identity.status === 'mismatch';
  const sentences = mismatchSentences(reading);
  const points = readPoints({ values: reading.audiogram, pointConfidence: reading.pointConfidence, positions: reading.positions, secondOpinion: reading.secondOpinion });
  const picture = reading.positions && reading.positions.page === undefined && reading.fileId ? reading.fileId : null;
  const select = (key: string) => setHighlighted(key);
  const goTo = (key: string) => {
    setHighlighted(key);
    focusPointCell(root.current, key);
  };

  async function decide(kind: 'apply' | 'discard') {
    if (kind === 'apply' && mismatch && !confirmed) {
      setFailure('Confirme que o arquivo pertence a este trabalhador antes de aplicar a leitura.');
      return;
    }
    setFailure(null);
    setBusy(kind);
    try {
      if (kind === 'apply') {
        const answer = await applyReading(examId, reading.id);
        toast.success('Leitura aplicada ao exame e classificação recalculada.');
        onApplied(answer.exam);
      } else {
        await discardReading(examId, reading.id);
        toast.info('Leitura descartada; o exame não foi alterado.');
        onDiscarded(await fetchExam(examId));
      }
      void readings.refetch();
    } catch (error) {
      const message = errorMessage(error, kind === 'apply' ? 'Erro ao aplicar a leitura' : 'Erro ao descartar a leitura');
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section ref={root} className="pending-reading" aria-labelledby={`pending-reading-${reading.id}`} data-testid="pending-reading">
      <h4 id={`pending-reading-${reading.id}`} className="review-grid__subtitle">
        Leitura retida para revisão — {reading.fileName}
      </h4>
      {mismatch && (
        <Banner variant="error" title="Identificação divergente: o arquivo não é deste trabalhador">
          <span className="pending-reading__mismatch" data-testid="identity-mismatch">
            {sentences.map((s) => (
              <span key={s} className="pending-reading__sentence">
                {s}
              </span>
            ))}
          </span>
        </Banner>
      )}
      {reading.reasons.includes('confidence') && (
        <Banner variant="warning" title={`Confiança da leitura: ${CONFIDENCE_LABEL[reading.confidence]}`}>
          Confira os valores destacados antes de aplicá-los ao exame.
        </Banner>
      )}
      {reading.reasons.includes('existing_thresholds') && (
        <Banner variant="info" title="O exame já tem limiares">
          Aplicar esta leitura substituirá os limiares atuais do exame.
        </Banner>
      )}
      <dl className="ai-status__facts">
        <div>
          <dt>Origem</dt>
          <dd>{sourceLabel(reading.source)}</dd>
        </div>
        <div>
          <dt>Paciente no arquivo</dt>
          <dd>{reading.identity.stated.name ?? 'não informado'}</dd>
        </div>
        <div>
          <dt>Trabalhador do exame</dt>
          <dd>{reading.identity.worker.name}</dd>
        </div>
      </dl>
      {reading.secondOpinion?.status === 'disagreed' && (
        <Banner variant="warning" title="A segunda opinião diverge da leitura">
          {shortSourceLabel(reading.secondOpinion.source ?? null) ?? 'O segundo leitor'} leu {reading.secondOpinion.disagreements.length} ponto(s) com mais de 5 dB de diferença.
          Os valores abaixo são os de {shortSourceLabel(reading.source) ?? reading.source}; confira os pontos marcados.
        </Banner>
      )}
      <PointsToCheck points={points} source={reading.source} secondSource={reading.secondOpinion?.source} highlighted={highlighted} onSelect={goTo} />
      <div className={`reading-review${picture ? ' reading-review--with-picture' : ''}`}>
        {picture && <ReadingPicture fileId={picture} fileName={reading.fileName} points={points} highlighted={highlighted} onSelect={goTo} />}
        <div className="reading-review__tables">
          <ReadingTable reading={reading} kind="air" highlighted={highlighted} onSelect={select} />
          {Object.keys(reading.audiogram.bone).length > 0 && <ReadingTable reading={reading} kind="bone" highlighted={highlighted} onSelect={select} />}
        </div>
      </div>
      {mismatch && canDecide && (
        <Checkbox
          label={`Confirmo que este arquivo é de ${reading.identity.worker.name}`}
          checked={confirmed}
          onChange={(e) => setConfirmed(e.currentTarget.checked)}
          disabled={busy !== null}
        />
      )}
      {failure && <Banner variant="error">{failure}</Banner>}
      {canDecide && (
        <div className="review-grid__actions pending-reading__actions">
          <Button variant="secondary" loading={busy === 'discard'} loadingText="Descartando..." disabled={busy !== null} onClick={() => void decide('discard')}>
            Descartar leitura
          </Button>
          <Button loading={busy === 'apply'} loadingText="Aplicando..." disabled={busy !== null} onClick={() => void decide('apply')}>
            Aplicar leitura ao exame
          </Button>
        </div>
      )}
    </section>
  );
}
