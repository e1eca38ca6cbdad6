import { EVOLUTION_FREQUENCIES, type ExamSeries } from './evolution-view';

type RadarSeries = ExamSeries & { binaural: (number | null)[] };

/** Spec §9: radius domain 0–120 dB, reversed (0 dB on the rim, 120 dB in the centre). */
const DOMAIN_MAX = 120;
const RINGS = [0, 20, 40, 60, 80, 100];
const SIZE = 400;
const CENTER = SIZE / 2;
const RADIUS = 150;

const hzLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k Hz` : `${hz} Hz`);
/** Drawing geometry only: a level in dB → distance from the centre (reversed, clamped to the domain). */
const radiusOf = (db: number) => (RADIUS * (DOMAIN_MAX - Math.min(DOMAIN_MAX, Math.max(0, db)))) / DOMAIN_MAX;
const angleOf = (i: number) => -Math.PI / 2 + (2 * Math.PI * i) / EVOLUTION_FREQUENCIES.length;
const point = (i: number, r: number) => [CENTER + r * Math.cos(angleOf(i)), CENTER + r * Math.sin(angleOf(i))] as const;
const fmt = (v: number | null) => (v === null ? 'não medido' : `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} dB`);

/**
 * Chart 3 (spec §2): radar of the first vs the last exam, binaural mean per frequency, 400 px.
 * plotly.js-basic-dist-min has no `scatterpolar` trace (only scatter, bar and pie), so this is a
 * small SVG of its own, loaded lazily like the other charts. Unmeasured frequencies are skipped.
 */
export default function RadarChart({ first, last }: { first: RadarSeries; last: RadarSeries }) {
  const polygon = (s: RadarSeries) =>
    s.binaural
      .map((v, i) => (v === null ? null : point(i, radiusOf(v))))
      .filter((p): p is readonly [number, number] => p !== null)
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join(' ');
  const series = [
    { s: first, name: `Primeiro exame (${first.label})`, dash: '6 4' },
    { s: last, name: `Último exame (${last.label})`, dash: undefined },
  ];
  return (
    <figure className="report-evolution__chart report-evolution__radar" data-chart="radar">
      <figcaption className="visually-hidden">Comparação radar do primeiro e do último exame (média binaural por frequência)</figcaption>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} height={400} role="img" aria-hidden="true" className="report-evolution__radar-svg">
        {RINGS.map((db) => (
          <g key={db}>
            <polygon
              points={EVOLUTION_FREQUENCIES.map((_, i) => point(i, radiusOf(db)).join(',')).join(' ')}
              className="report-evolution__radar-ring"
            />
            <text x={CENTER + 4} y={CENTER - radiusOf(db) + 12} className="report-evolution__radar-tick">
              {db}
            </text>
          </g>
        ))}
        {EVOLUTION_FREQUENCIES.map((hz, i) => {
          const [x, y] = point(i, RADIUS);
          const [lx, ly] = point(i, RADIUS + 22);
          return (
            <g key={hz}>
              <line x1={CENTER} y1={CENTER} x2={x} y2={y} className="report-evolution__radar-spoke" />
              <text x={lx} y={ly} textAnchor="middle" dominantBaseline="middle" className="report-evolution__radar-label">
                {hzLabel(hz)}
              </text>
            </g>
          );
        })}
        <text x={CENTER + 4} y={CENTER + 4} className="report-evolution__radar-tick">
          120 dB
        </text>
        {series.map(({ s, dash }) => (
          <g key={s.id} data-series={s.id}>
            <polygon points={polygon(s)} fill={s.color} fillOpacity={0.14} stroke={s.color} strokeWidth={2.5} strokeDasharray={dash} />
            {s.binaural.map((v, i) => {
              if (v === null) return null;
              const [x, y] = point(i, radiusOf(v));
              return <circle key={EVOLUTION_FREQUENCIES[i]} cx={x} cy={y} r={4} fill="#ffffff" stroke={s.color} strokeWidth={2} />;
            })}
          </g>
        ))}
      </svg>
      <ul className="report-evolution__legend" aria-hidden="true">
        {series.map(({ s, name, dash }) => (
          <li key={s.id}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" y1="5" x2="28" y2="5" stroke={s.color} strokeWidth="2.5" strokeDasharray={dash} />
            </svg>
            {name}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>Média binaural por frequência, primeiro e último exame</caption>
        <thead>
          <tr>
            <th scope="col">Frequência</th>
            <th scope="col">Primeiro exame ({first.label})</th>
            <th scope="col">Último exame ({last.label})</th>
          </tr>
        </thead>
        <tbody>
          {EVOLUTION_FREQUENCIES.map((hz, i) => (
            <tr key={hz}>
              <th scope="row">{hz} Hz</th>
              <td>{fmt(first.binaural[i])}</td>
              <td>{fmt(last.binaural[i])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
