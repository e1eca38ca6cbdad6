import { chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../../components/charts/plot';
import { formatDateBr } from '../../../../core/src/rules/nr7/calendar';
import type { ExamEvolution } from './api';

const REFERENCE_LINES = [
  { y: 25, label: 'Normal ≤ 25 dB' },
  { y: 40, label: 'Leve ≤ 40 dB' },
  { y: 55, label: 'Moderado ≤ 55 dB' },
];

/**
 * PTA (500/1000/2000 Hz) per ear per exam date (spec §2): y axis reversed 0–120 dB, reference
 * lines at 25, 40 and 55 dB (spec §9). Default export: loaded lazily, Plotly stays in this chunk.
 * A visually hidden table repeats the values for screen readers.
 */
export default function PtaChart({ exams }: { exams: ExamEvolution['exams'] }) {
  const x = exams.map((e) => e.date.slice(0, 10));
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  const data = [
    {
      type: 'scatter', mode: 'lines+markers', name: 'Orelha direita (OD)', x, y: exams.map((e) => round(e.ptaRightEar)),
      line: { color: chartTheme.right, width: 2.5 }, marker: { symbol: 'circle-open', size: 11, line: { width: 2, color: chartTheme.right } },
      hovertemplate: 'OD %{x|%d/%m/%Y}: %{y} dB NA<extra></extra>', connectgaps: false,
    },
    {
      type: 'scatter', mode: 'lines+markers', name: 'Orelha esquerda (OE)', x, y: exams.map((e) => round(e.ptaLeftEar)),
      line: { color: chartTheme.left, width: 2.5 }, marker: { symbol: 'x-thin-open', size: 11, line: { width: 2, color: chartTheme.left } },
      hovertemplate: 'OE %{x|%d/%m/%Y}: %{y} dB NA<extra></extra>', connectgaps: false,
    },
  ];
  const layout = {
    height: 360,
    autosize: true,
    separators: PT_BR_SEPARATORS,
    font: chartTheme.font,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: '#ffffff',
    margin: { l: 64, r: 130, t: 16, b: 72 },
    legend: { orientation: 'h', x: 0, y: -0.2, xanchor: 'left', yanchor: 'top' },
    xaxis: { type: 'date', tickformat: '%d/%m/%Y', tickvals: x, title: { text: 'Data do exame' }, gridcolor: chartTheme.grid, linecolor: chartTheme.axis, showline: true, fixedrange: true },
    yaxis: { range: [120, 0], dtick: 10, title: { text: 'PTA (dB NA)' }, gridcolor: chartTheme.grid, linecolor: chartTheme.axis, showline: true, zeroline: false, fixedrange: true },
    shapes: REFERENCE_LINES.map((r) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: r.y, y1: r.y, line: { color: chartTheme.axis, width: 1, dash: 'dash' }, layer: 'below' })),
    annotations: REFERENCE_LINES.map((r) => ({ xref: 'paper', x: 1.01, xanchor: 'left', yref: 'y', y: r.y, text: r.label, showarrow: false, font: { size: 11, color: chartTheme.axis } })),
  };
  return (
    <figure className="pta-chart">
      <figcaption className="visually-hidden">Evolução da média tonal (PTA 500–2000 Hz) por exame</figcaption>
      <div aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height: 360 }} />
      </div>
      <table className="visually-hidden">
        <caption>PTA por exame, em dB NA</caption>
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
              <td>{e.ptaRightEar === null ? 'não calculável' : `${Math.round(e.ptaRightEar)} dB`}</td>
              <td>{e.ptaLeftEar === null ? 'não calculável' : `${Math.round(e.ptaLeftEar)} dB`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
