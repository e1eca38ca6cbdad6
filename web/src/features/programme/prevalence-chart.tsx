import { axisFrame, chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../../components/charts/plot';
import type { Prevalence } from './api';

const SERIES = [
  { key: 'sugestivoPercent', name: 'Sugestivo de PAINPSE', color: '#b45309' },
  { key: 'desencadeamentoPercent', name: 'Desencadeamento', color: chartTheme.right },
  { key: 'agravamentoPercent', name: 'Agravamento', color: chartTheme.left },
] as const;

const pct = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`);

/**
 * Issue 19: the trend by calendar year of the three prevalences (% of the workers examined in the
 * year), grouped bars; a lazy chunk (Plotly). The same figures are in a hidden table for screen readers.
 */
export default function PrevalenceChart({ byYear }: { byYear: Prevalence['byYear'] }) {
  const x = byYear.map((y) => String(y.year));
  const data = SERIES.map((s) => ({
    type: 'bar', name: s.name, x, y: byYear.map((y) => y[s.key] ?? 0), marker: { color: s.color },
    customdata: byYear.map((y) => y.workersExamined),
    hovertemplate: `${s.name} %{x}: %{y:.1f} % de %{customdata} examinados<extra></extra>`,
  }));
  const layout = {
    height: 320, autosize: true, barmode: 'group', separators: PT_BR_SEPARATORS, font: chartTheme.font, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: '#ffffff',
    margin: { l: 56, r: 16, t: 16, b: 72 },
    legend: { orientation: 'h', x: 0, y: -0.12, xanchor: 'left', yanchor: 'top' },
    xaxis: { type: 'category', ...axisFrame },
    yaxis: { rangemode: 'tozero', ticksuffix: ' %', title: { text: '% dos examinados' }, ...axisFrame },
  };
  return (
    <figure className="programme__chart" data-chart="prevalence-trend">
      <figcaption className="visually-hidden">Tendência por ano: sugestivo de PAINPSE, desencadeamento e agravamento</figcaption>
      <div aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height: 320 }} />
      </div>
      <table className="visually-hidden">
        <caption>Prevalência por ano, em % dos trabalhadores examinados</caption>
        <thead>
          <tr>
            <th scope="col">Ano</th>
            <th scope="col">Examinados</th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {byYear.map((y) => (
            <tr key={y.year}>
              <th scope="row">{y.year}</th>
              <td>{y.workersExamined}</td>
              {SERIES.map((s) => (
                <td key={s.key}>{pct(y[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
