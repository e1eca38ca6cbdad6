import { axisFrame, chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../../components/charts/plot';
import { EVOLUTION_FREQUENCIES, type ExamSeries } from './evolution-view';

const hzLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));
const cell = (v: number | null) => (v === null ? 'não medido' : `${v} dB`);

/**
 * Chart 1 (spec §2): thresholds by frequency, one solid line per exam for the right ear (OD) and
 * one dashed line for the left ear (OE), 6-colour cycle, threshold axis reversed, 400 px.
 * Default export: loaded lazily, Plotly stays in this chunk. A hidden table repeats the values.
 */
export default function ThresholdChart({ series }: { series: ExamSeries[] }) {
  const x = EVOLUTION_FREQUENCIES.map(hzLabel);
  const data = series.flatMap((s) => [
    {
      type: 'scatter', mode: 'lines+markers', name: `${s.label} OD`, legendgroup: s.id, x, y: s.right, connectgaps: false,
      line: { color: s.color, width: 2.5, dash: 'solid' }, marker: { symbol: 'circle-open', size: 9, color: s.color, line: { width: 2, color: s.color } },
      hovertemplate: `${s.label} OD — %{x} Hz: %{y} dB NA<extra></extra>`,
    },
    {
      type: 'scatter', mode: 'lines+markers', name: `${s.label} OE`, legendgroup: s.id, x, y: s.left, connectgaps: false,
      line: { color: s.color, width: 2.5, dash: 'dash' }, marker: { symbol: 'x-thin-open', size: 9, color: s.color, line: { width: 2, color: s.color } },
      hovertemplate: `${s.label} OE — %{x} Hz: %{y} dB NA<extra></extra>`,
    },
  ]);
  const layout = {
    height: 400, autosize: true, separators: PT_BR_SEPARATORS, font: chartTheme.font, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: '#ffffff',
    margin: { l: 64, r: 16, t: 16, b: 56 }, hovermode: 'closest',
    legend: { orientation: 'h', x: 0, y: -0.16, xanchor: 'left', yanchor: 'top' },
    xaxis: { type: 'category', title: { text: 'Frequência (Hz)' }, ...axisFrame },
    yaxis: { range: [120, -10], dtick: 10, title: { text: 'Limiar (dB NA)' }, ...axisFrame },
  };
  return (
    <figure className="report-evolution__chart" data-chart="thresholds">
      <figcaption className="visually-hidden">Limiares por frequência de cada exame, orelha direita e esquerda</figcaption>
      <div aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height: 400 }} />
      </div>
      <table className="visually-hidden">
        <caption>Limiares por frequência, em dB NA</caption>
        <thead>
          <tr>
            <th scope="col">Exame</th>
            {EVOLUTION_FREQUENCIES.map((hz) => (
              <th key={hz} scope="col">
                {hz} Hz
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.flatMap((s) =>
            (['right', 'left'] as const).map((ear) => (
              <tr key={`${s.id}-${ear}`}>
                <th scope="row">
                  {s.label} {ear === 'right' ? 'OD' : 'OE'}
                </th>
                {s[ear].map((v, i) => (
                  <td key={EVOLUTION_FREQUENCIES[i]}>{cell(v)}</td>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </figure>
  );
}
