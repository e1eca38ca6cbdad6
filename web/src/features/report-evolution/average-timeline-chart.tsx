import { axisFrame, chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../../components/charts/plot';
import type { ReportEvolutionView } from './evolution-view';

const rounded = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const text = (v: number | null) => (v === null ? 'não calculável' : `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} dB`);

/**
 * Chart 2 (spec §2): timeline of the tonal averages, an area series for the right and one for the
 * left ear mean per exam, by month/year (350 px). The averages come from core (`earMeanThreshold`).
 */
export default function AverageTimelineChart({ timeline }: { timeline: ReportEvolutionView['timeline'] }) {
  const x = timeline.map((p) => p.label);
  const series = [
    { name: 'Média OD', y: timeline.map((p) => rounded(p.right)), color: chartTheme.right, fill: 'rgba(185, 28, 28, 0.14)' },
    { name: 'Média OE', y: timeline.map((p) => rounded(p.left)), color: chartTheme.left, fill: 'rgba(29, 78, 216, 0.14)' },
  ];
  const data = series.map((s) => ({
    type: 'scatter', mode: 'lines+markers', name: s.name, x, y: s.y, fill: 'tozeroy', fillcolor: s.fill, connectgaps: false,
    line: { color: s.color, width: 2.5, shape: 'linear' }, marker: { size: 8, color: s.color },
    hovertemplate: `${s.name} %{x}: %{y} dB NA<extra></extra>`,
  }));
  const layout = {
    height: 350, autosize: true, separators: PT_BR_SEPARATORS, font: chartTheme.font, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: '#ffffff',
    margin: { l: 64, r: 40, t: 16, b: 72 },
    legend: { orientation: 'h', x: 0, y: -0.22, xanchor: 'left', yanchor: 'top' },
    xaxis: { type: 'category', automargin: true, title: { text: 'Exame (mês/ano)' }, ...axisFrame },
    yaxis: { rangemode: 'tozero', title: { text: 'Média (dB NA)' }, ...axisFrame },
  };
  return (
    <figure className="report-evolution__chart" data-chart="timeline">
      <figcaption className="visually-hidden">Evolução das médias tonais por orelha</figcaption>
      <div aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height: 350 }} />
      </div>
      <table className="visually-hidden">
        <caption>Média tonal por exame, em dB NA</caption>
        <thead>
          <tr>
            <th scope="col">Exame</th>
            <th scope="col">Orelha direita</th>
            <th scope="col">Orelha esquerda</th>
          </tr>
        </thead>
        <tbody>
          {timeline.map((p) => (
            <tr key={p.examDate + p.label}>
              <th scope="row">{p.label}</th>
              <td>{text(p.right)}</td>
              <td>{text(p.left)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
