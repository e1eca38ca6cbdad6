import { axisFrame, chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../../components/charts/plot';
import { formatDateBr } from '../../../../core/src/index';
import { boundedDb } from '../../lib/bounded-db';
import type { EvolutionExam } from './api';

const REFERENCE_LINES = [
  { y: 25, label: 'Normal ≤ 25 dB' },
  { y: 40, label: 'Leve ≤ 40 dB' },
  { y: 55, label: 'Moderado ≤ 55 dB' },
];

/** What a chart plots per ear: PTA3 (500/1000/2000 Hz, spec §9) or the 3–6 kHz mean (NR-7 item 5.3 a). */
export type EarMetric = 'pta' | 'mean346';

const METRIC = {
  pta: { axis: 'PTA (dB NA)', caption: 'Evolução da média tonal (PTA 500–2000 Hz) por exame', table: 'PTA por exame, em dB NA' },
  mean346: { axis: 'Média 3–6 kHz (dB NA)', caption: 'Evolução da média de 3, 4 e 6 kHz por exame', table: 'Média de 3–6 kHz por exame, em dB NA (≥ = limite inferior, sem resposta)' },
} as const;

function pick(e: EvolutionExam, metric: EarMetric, ear: 'Right' | 'Left'): { value: number | null; bound: 'min' | 'max' | null } {
  if (metric === 'pta') return { value: e[`pta${ear}Ear`], bound: null };
  return { value: e[`mean346${ear}Ear`] ?? null, bound: e[`mean346${ear}Bound`] ?? null };
}

/**
 * One value per ear per exam date: y axis reversed 0–120 dB, reference lines at 25, 40 and 55 dB
 * (spec §9). Exams without thresholds are left out. A lower bound (no response, rule I11) is drawn
 * as a triangle pointing down (worse) and read "≥". Default export: loaded lazily, Plotly stays in
 * this chunk. A visually hidden table repeats the values for screen readers.
 */
export default function EarSeriesChart({ exams: all, metric = 'pta' }: { exams: EvolutionExam[]; metric?: EarMetric }) {
  const exams = all.filter((e) => e.role !== 'sem_limiares');
  const x = exams.map((e) => e.date.slice(0, 10));
  const labels = METRIC[metric];
  const ears = [
    { ear: 'Right' as const, name: 'Orelha direita (OD)', short: 'OD', color: chartTheme.right, symbol: 'circle-open' },
    { ear: 'Left' as const, name: 'Orelha esquerda (OE)', short: 'OE', color: chartTheme.left, symbol: 'x-thin-open' },
  ];
  const data = ears.map((s) => {
    const points = exams.map((e) => pick(e, metric, s.ear));
    return {
      type: 'scatter', mode: 'lines+markers', name: s.name, x, y: points.map((p) => (p.value === null ? null : Math.round(p.value * 10) / 10)),
      text: points.map((p) => boundedDb(p.value, p.bound)),
      line: { color: s.color, width: 2.5 },
      marker: { symbol: points.map((p) => (p.bound === 'min' ? 'triangle-down-open' : s.symbol)), size: 11, line: { width: 2, color: s.color } },
      hovertemplate: `${s.short} %{x|%d/%m/%Y}: %{text}<extra></extra>`, connectgaps: false,
    };
  });
  const layout = {
    height: 360,
    autosize: true,
    separators: PT_BR_SEPARATORS,
    font: chartTheme.font,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: '#ffffff',
    margin: { l: 64, r: 130, t: 16, b: 72 },
    legend: { orientation: 'h', x: 0, y: -0.2, xanchor: 'left', yanchor: 'top' },
    xaxis: { type: 'date', tickformat: '%d/%m/%Y', tickvals: x, title: { text: 'Data do exame' }, ...axisFrame },
    yaxis: { range: [120, 0], dtick: 10, title: { text: labels.axis }, ...axisFrame },
    shapes: REFERENCE_LINES.map((r) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: r.y, y1: r.y, line: { color: chartTheme.axis, width: 1, dash: 'dash' }, layer: 'below' })),
    annotations: REFERENCE_LINES.map((r) => ({ xref: 'paper', x: 1.01, xanchor: 'left', yref: 'y', y: r.y, text: r.label, showarrow: false, font: { size: 11, color: chartTheme.axis } })),
  };
  return (
    <figure className="pta-chart">
      <figcaption className="visually-hidden">{labels.caption}</figcaption>
      <div aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height: 360 }} />
      </div>
      <table className="visually-hidden">
        <caption>{labels.table}</caption>
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Orelha direita</th>
            <th scope="col">Orelha esquerda</th>
          </tr>
        </thead>
        <tbody>
          {exams.map((e, i) => (
            <tr key={`${e.date}-${i}`}>
              <th scope="row">{formatDateBr(e.date.slice(0, 10))}</th>
              {ears.map((s) => {
                const p = pick(e, metric, s.ear);
                return <td key={s.ear}>{p.value === null ? 'não calculável' : boundedDb(p.value, p.bound)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
