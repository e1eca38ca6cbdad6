import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { fetchExamFile, shortSourceLabel, type AmbienteInfo, type WirePair } from '../api';
import './upload.css';

type Kind = 'air' | 'bone';
type Side = 'right' | 'left';
type Level = { value: number; noResponse: boolean };
type Positions = NonNullable<AmbienteInfo['positions']>;
type SecondOpinion = NonNullable<AmbienteInfo['secondOpinion']>;
type PointConfidence = NonNullable<AmbienteInfo['pointConfidence']>;

/** `air.1000.RE`: the key of a point, the same as the grid cells' `data-cell` / `data-read-cell`. */
export const pointKey = (kind: Kind, hz: number | string, side: Side) => `${kind}.${hz}.${side === 'right' ? 'RE' : 'LE'}`;

/** One value read, with what the reader and the second opinion said of it. */
export interface ReadPoint {
  readonly key: string;
  readonly kind: Kind;
  readonly side: Side;
  readonly hz: number;
  readonly value: WirePair['re'] | undefined;
  readonly confidence?: 'high' | 'medium' | 'low';
  readonly position?: { x: number; y: number };
  readonly disagreement?: { primary: Level; secondary: Level };
}

const RANK = { low: 0, medium: 1, high: 2 } as const;

/** Every point read (a value, a confidence or a position), the unsure ones first (low, then medium). */
export function readPoints(input: {
  values: { air: Record<string, Partial<WirePair> | undefined>; bone?: Record<string, Partial<WirePair> | undefined> | null };
  pointConfidence?: PointConfidence | null;
  positions?: Positions | null;
  secondOpinion?: SecondOpinion | null;
}): ReadPoint[] {
  const out: ReadPoint[] = [];
  for (const side of ['right', 'left'] as const)
    for (const kind of ['air', 'bone'] as const) {
      const confidence = input.pointConfidence?.[side][kind] ?? {};
      const positions = input.positions?.[side][kind] ?? {};
      const freqs = new Set([...Object.keys(confidence), ...Object.keys(positions)]);
      for (const f of [...freqs].sort((a, b) => Number(a) - Number(b))) {
        const d = input.secondOpinion?.disagreements.find((x) => x.ear === side && x.conduction === kind && x.frequencyHz === Number(f));
        out.push({
          key: pointKey(kind, f, side), kind, side, hz: Number(f), value: input.values[kind]?.[f]?.[side === 'right' ? 're' : 'le'],
          confidence: confidence[f], position: positions[f], disagreement: d ? { primary: d.primary, secondary: d.secondary } : undefined,
        });
      }
    }
  return out.sort((a, b) => RANK[a.confidence ?? 'high'] - RANK[b.confidence ?? 'high']);
}

const EAR = { right: 'OD', left: 'OE' } as const;
const KIND = { air: 'via aérea', bone: 'via óssea' } as const;
const levelText = (l: Level) => (l.noResponse ? `NR ${l.value} dB` : `${l.value} dB`);
const valueText = (v: ReadPoint['value']) => (v === null || v === undefined ? 'sem valor' : typeof v === 'number' ? `${v} dB` : `NR ${v.nr} dB`);
const pointName = (p: ReadPoint) => `${EAR[p.side]}, ${KIND[p.kind]}, ${p.hz} Hz`;

/** Moves the keyboard focus to a point's cell in `root` (the grid's input, or the held reading's cell). */
export function focusPointCell(root: HTMLElement | null, key: string) {
  root?.querySelector<HTMLElement>(`[data-cell="${key}"], [data-read-cell="${key}"]`)?.focus();
}

export interface PointsToCheckProps {
  points: readonly ReadPoint[];
  /** The first reader (e.g. 'chart-image') and the second opinion's, for "Leitor de gráfico: 40 dB · Ollama: 55 dB". */
  source?: string | null;
  secondSource?: string | null;
  highlighted: string | null;
  onSelect: (key: string) => void;
}

/** 'Pontos a conferir': the low-confidence points first, then the medium ones; a button takes the focus to the cell. */
export function PointsToCheck({ points, source, secondSource, highlighted, onSelect }: PointsToCheckProps) {
  const unsure = points.filter((p) => p.confidence === 'low' || p.confidence === 'medium');
  if (!unsure.length) return null;
  return (
    <section className="points-check" aria-labelledby="points-check-title" data-testid="points-to-check">
      <h4 id="points-check-title" className="review-grid__subtitle">
        Pontos a conferir ({unsure.length})
      </h4>
      <ul className="points-check__list">
        {unsure.map((p) => (
          <li key={p.key}>
            <button
              type="button"
              className={`points-check__item points-check__item--${p.confidence}`}
              aria-current={highlighted === p.key ? 'true' : undefined}
              data-point-item={p.key}
              onClick={() => onSelect(p.key)}
            >
              <span className="points-check__name">{pointName(p)}</span>
              <span className="points-check__value">
                {p.disagreement
                  ? `${shortSourceLabel(source ?? null) ?? 'Leitura'}: ${levelText(p.disagreement.primary)} · ${shortSourceLabel(secondSource ?? null) ?? 'Segunda opinião'}: ${levelText(p.disagreement.secondary)}`
                  : valueText(p.value)}
              </span>
              <span className="points-check__badge">confiança {p.confidence === 'low' ? 'baixa' : 'média'}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The picture's bytes as an object URL (revoked when it changes or the view goes away). */
function usePictureUrl(fileId: string | null) {
  const query = useQuery({ queryKey: ['files', 'picture', fileId], queryFn: ({ signal }) => fetchExamFile(fileId!, signal), enabled: fileId !== null, staleTime: Infinity });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data || !query.data.type.startsWith('image/')) return setUrl(null);
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { query, url };
}

export interface ReadingPictureProps {
  fileId: string;
  fileName?: string;
  points: readonly ReadPoint[];
  highlighted: string | null;
  onSelect: (key: string) => void;
}

/**
 * The uploaded picture with the symbols the reader found drawn over it (issue 17 item 5): red for the
 * right ear, blue for the left, a ring around the low-confidence ones, the highlighted one circled.
 * Clicking a symbol selects its cell; the list and the grid are the keyboard's way to the same points.
 */
export function ReadingPicture({ fileId, fileName, points, highlighted, onSelect }: ReadingPictureProps) {
  const { query, url } = usePictureUrl(fileId);
  if (query.isPending) return <Spinner label="Carregando a imagem do exame..." />;
  if (query.isError)
    return (
      <Banner variant="error" title="Não foi possível carregar a imagem do exame" actions={<Button variant="secondary" size="sm" onClick={() => void query.refetch()}>Tentar novamente</Button>}>
        {errorMessage(query.error, 'Erro ao baixar o arquivo.')}
      </Banner>
    );
  if (!url) return null; // not a picture (a PDF has no rendered page to show)
  return (
    <figure className="reading-picture" data-testid="reading-picture">
      <div className="reading-picture__frame">
        <img src={url} alt={`Audiograma enviado${fileName ? ` (${fileName})` : ''}`} />
        {/* the marks repeat the grid's points for the eye; the list and the grid are the keyboard's way to them */}
        <div className="reading-picture__overlay" aria-hidden="true">
          {points.filter((p) => p.position).map((p) => (
            <button
              key={p.key}
              type="button"
              tabIndex={-1}
              className={`reading-mark reading-mark--${p.side}${highlighted === p.key ? ' reading-mark--active' : ''}`}
              style={{ left: `${p.position!.x * 100}%`, top: `${p.position!.y * 100}%` }}
              title={`${pointName(p)}: ${valueText(p.value)}`}
              data-mark={p.key}
              data-confidence={p.confidence}
              onClick={() => onSelect(p.key)}
            >
              <svg viewBox="-12 -12 24 24" width="24" height="24">
                {p.kind === 'air' && p.side === 'right' && <circle r="4.5" />}
                {p.kind === 'air' && p.side === 'left' && <path d="M-4.5,-4.5L4.5,4.5M4.5,-4.5L-4.5,4.5" />}
                {p.kind === 'bone' && <path d={p.side === 'right' ? 'M4,-5L-4,0L4,5' : 'M-4,-5L4,0L-4,5'} />}
                {p.confidence === 'low' && <circle className="reading-mark__ring" r="8.5" />}
                {highlighted === p.key && <circle className="reading-mark__focus" r="11" />}
              </svg>
            </button>
          ))}
        </div>
      </div>
      <figcaption className="reading-picture__caption">
        Símbolos detectados: <span className="reading-picture__key reading-picture__key--right">vermelho, orelha direita</span>;{' '}
        <span className="reading-picture__key reading-picture__key--left">azul, orelha esquerda</span>; anel tracejado: confiança baixa. Clique
        num símbolo para ir à célula.
      </figcaption>
    </figure>
  );
}
