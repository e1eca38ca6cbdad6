import Plotly from 'plotly.js-basic-dist-min';
import type { Evolution } from './api';
import { h } from './dom';
import { dateBr } from './labels';

/**
 * The widget's lazy chunk: Plotly basic and the two charts. The audiogram follows ASHA/ISO 8253:
 * red O right ear and blue X left ear by air (joined), '<' right / '>' left by bone, a no response
 * drawn at the level tested with a downward arrow, dB HL axis inverted (−10 top, 120 bottom).
 * Each chart is `aria-hidden` and followed by a visually hidden table with the same values.
 */
interface PlotlyApi {
  newPlot(el: HTMLElement, data: unknown[], layout: unknown, config: unknown): Promise<unknown>;
  purge(el: HTMLElement): void;
  Plots: { resize(el: HTMLElement): void };
}
const plotly = Plotly as unknown as PlotlyApi;

const RIGHT = '#b91c1c';
const LEFT = '#1d4ed8';
const GRID = '#e2e8f0';
const AXIS = '#475569';
const FONT = { family: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif", size: 11, color: '#0f172a' };
const FREQUENCIES = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const CONFIG = { displayModeBar: false, responsive: false, locale: 'pt-BR' };
const BASE_LAYOUT = { autosize: true, separators: ',.', font: FONT, paper_bgcolor: 'rgba(0,0,0,0)', plot_bgcolor: '#ffffff' };

interface Figure {
  title: string;
  kind: 'pta' | 'audiogram';
  data: unknown[];
  layout: Record<string, unknown>;
  /** Nodes after the plot: legend, the screen-reader table. */
  after: Node[];
}

type Threshold = number | null | { nr: number };
type Pairs = Record<string, { re: Threshold; le: Threshold }>;
const isNr = (t: Threshold): t is { nr: number } => typeof t === 'object' && t !== null;
const hzLabel = (hz: number) => (hz >= 1000 ? `${hz / 1000}k` : String(hz));
const round = (v: number | null) => (v === null ? null : Math.round(v));

/**
 * Plotly writes its stylesheet (`.js-plotly-plot .main-svg { position: absolute }` …) into the
 * document's <head>, which does not reach a shadow root: copy those rules into ours once.
 */
function adoptPlotlyStyles(node: Node) {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) || root.querySelector('style[data-plotly]')) return;
  const sheet = (document.getElementById('plotly.js-style-global') as HTMLStyleElement | null)?.sheet;
  if (!sheet) return;
  const style = document.createElement('style');
  style.setAttribute('data-plotly', '');
  style.textContent = Array.from(sheet.cssRules, (r) => r.cssText).join('\n');
  root.appendChild(style);
}

const srTable = (caption: string, head: string[], rows: string[][]) =>
  h(
    'table',
    { className: 'lw-sr-only' },
    h('caption', null, caption),
    h('thead', null, h('tr', null, head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', null, rows.map(([first, ...rest]) => h('tr', null, h('th', { scope: 'row' }, first), rest.map((c) => h('td', null, c))))),
  );

function ptaFigure(timeline: Evolution['timeline']): Figure {
  const x = timeline.map((p) => p.date.slice(0, 10));
  const data = [
    { name: 'OD', y: timeline.map((p) => round(p.ptaRight)), color: RIGHT, symbol: 'circle-open' },
    { name: 'OE', y: timeline.map((p) => round(p.ptaLeft)), color: LEFT, symbol: 'x-thin-open' },
  ].map((s) => ({
    type: 'scatter', mode: 'lines+markers', name: s.name, x, y: s.y, connectgaps: false,
    line: { color: s.color, width: 2 }, marker: { symbol: s.symbol, size: 10, color: s.color, line: { width: 2, color: s.color } },
    hovertemplate: `${s.name} %{x|%d/%m/%Y}: %{y} dB NA<extra></extra>`,
  }));
  const layout = {
    ...BASE_LAYOUT, height: 240, margin: { l: 44, r: 12, t: 8, b: 40 }, showlegend: true,
    legend: { orientation: 'h', x: 0, y: 1.02, xanchor: 'left', yanchor: 'bottom' },
    xaxis: { type: 'date', tickformat: '%m/%Y', tickvals: x, gridcolor: GRID, linecolor: AXIS, showline: true, fixedrange: true, automargin: true },
    yaxis: { range: [120, 0], dtick: 20, title: { text: 'dB NA' }, gridcolor: GRID, linecolor: AXIS, showline: true, zeroline: false, fixedrange: true },
    shapes: [25, 40, 55].map((y) => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: y, y1: y, line: { color: AXIS, width: 1, dash: 'dot' }, layer: 'below' })),
  };
  const table = srTable('PTA por exame, em dB NA', ['Data', 'OD', 'OE'], timeline.map((p) => [dateBr(p.date), p.ptaRight === null ? 'não calculável' : `${Math.round(p.ptaRight)} dB`, p.ptaLeft === null ? 'não calculável' : `${Math.round(p.ptaLeft)} dB`]));
  return { title: 'Média tonal (PTA 500–2000 Hz) por exame', kind: 'pta', data, layout, after: [table] };
}

function audiogramFigure(date: string, air: Pairs, bone: Pairs): Figure {
  const data: Record<string, unknown>[] = [];
  const annotations: Record<string, unknown>[] = [];
  for (const ear of ['re', 'le'] as const) {
    const color = ear === 're' ? RIGHT : LEFT;
    const name = ear === 're' ? 'OD' : 'OE';
    const marker = { symbol: ear === 're' ? 'circle-open' : 'x-thin-open', size: 11, color, line: { color, width: 2 } };
    const xs: number[] = [];
    const ys: (number | null)[] = [];
    const nr: { x: number; y: number }[] = [];
    for (const hz of FREQUENCIES) {
      const t = air[String(hz)]?.[ear];
      if (t === undefined || t === null) continue;
      xs.push(hz);
      if (isNr(t)) {
        nr.push({ x: hz, y: t.nr });
        ys.push(null); // a no-response breaks the line
      } else ys.push(t);
    }
    data.push({ type: 'scatter', mode: 'lines+markers', name: `${name} via aérea`, x: xs, y: ys, connectgaps: false, cliponaxis: false, line: { color, width: 2 }, marker, hovertemplate: `${name} %{x} Hz: %{y} dB NA<extra></extra>` });
    if (nr.length) {
      data.push({ type: 'scatter', mode: 'markers', name: `${name} sem resposta`, x: nr.map((p) => p.x), y: nr.map((p) => p.y), cliponaxis: false, marker, hovertemplate: `${name} %{x} Hz: sem resposta a %{y} dB NA<extra></extra>` });
      const dir = ear === 're' ? -1 : 1; // down and outward: right ear to the left, left ear to the right
      for (const p of nr) annotations.push({ xref: 'x', yref: 'y', axref: 'pixel', ayref: 'pixel', x: Math.log10(p.x * (dir > 0 ? 1.09 : 0.92)), y: p.y + 9, ax: -dir * 8, ay: -18, showarrow: true, arrowhead: 2, arrowwidth: 2, arrowcolor: color, text: '' });
    }
    const shift = ear === 're' ? 0.94 : 1.06; // '<' just left of the frequency line, '>' just right
    const bonePoints = FREQUENCIES.map((hz) => ({ hz, t: bone[String(hz)]?.[ear] })).filter((p): p is { hz: number; t: number } => typeof p.t === 'number');
    if (bonePoints.length) {
      data.push({
        type: 'scatter', mode: 'text', name: `${name} via óssea`, x: bonePoints.map((p) => p.hz * shift), y: bonePoints.map((p) => p.t),
        text: bonePoints.map(() => (ear === 're' ? '<' : '>')), textfont: { size: 16, color, family: 'Arial, sans-serif' }, hovertemplate: `${name} via óssea: %{y} dB NA<extra></extra>`,
      });
    }
  }
  const layout = {
    ...BASE_LAYOUT, height: 300, margin: { l: 44, r: 12, t: 28, b: 8 }, showlegend: false, hovermode: 'closest', annotations,
    xaxis: { type: 'log', side: 'top', range: [Math.log10(180), Math.log10(11000)], tickvals: FREQUENCIES, ticktext: FREQUENCIES.map(hzLabel), gridcolor: GRID, linecolor: AXIS, showline: true, mirror: true, zeroline: false, fixedrange: true },
    yaxis: { range: [125, -15], tickvals: [-10, 0, 20, 40, 60, 80, 100, 120], title: { text: 'dB NA' }, gridcolor: GRID, linecolor: AXIS, showline: true, mirror: true, zeroline: false, fixedrange: true },
    shapes: [{ type: 'rect', xref: 'paper', x0: 0, x1: 1, yref: 'y', y0: -15, y1: 25, fillcolor: 'rgba(21, 128, 61, 0.08)', line: { width: 0 }, layer: 'below' }],
  };
  const cell = (t: Threshold | undefined) => (t === undefined || t === null ? 'não medido' : isNr(t) ? `sem resposta a ${t.nr} dB` : `${t} dB`);
  const legend = h(
    'p',
    { className: 'lw-legend' },
    h('span', { className: 'lw-legend__right' }, 'O'), ' orelha direita · ', h('span', { className: 'lw-legend__left' }, 'X'), ' orelha esquerda · < > via óssea · ↓ sem resposta · faixa verde ≤ 25 dB',
  );
  const table = srTable('Limiares por via aérea do último audiograma, em dB NA', ['Frequência', 'OD', 'OE'], FREQUENCIES.filter((hz) => air[String(hz)]).map((hz) => [`${hz} Hz`, cell(air[String(hz)].re), cell(air[String(hz)].le)]));
  return { title: `Último audiograma · ${dateBr(date)}`, kind: 'audiogram', data, layout, after: [legend, table] };
}

/** Draws the charts into `slot` (replacing its spinner); returns the cleanup. */
export function drawCharts(slot: HTMLElement, evolution: Evolution): () => void {
  const figures: Figure[] = [ptaFigure(evolution.timeline)];
  const latest = evolution.latestAudiogram;
  if (latest) figures.push(audiogramFigure(latest.date, latest.audiogram.air as Pairs, latest.audiogram.bone as Pairs));
  const plots: HTMLElement[] = [];
  slot.replaceChildren(
    ...figures.map((f) => {
      const plot = h('div', { className: 'lw-plot', 'aria-hidden': 'true' });
      plots.push(plot);
      return h('figure', { className: 'lw-figure', 'data-chart': f.kind }, h('figcaption', { className: 'lw-figure__title' }, f.title), plot, ...f.after);
    }),
  );
  adoptPlotlyStyles(slot);
  figures.forEach((f, i) => void plotly.newPlot(plots[i], f.data, f.layout, CONFIG));
  // follow the host's layout (narrow sidebars, phones): Plotly only listens to window resizes
  const observer = new ResizeObserver(() => plots.forEach((p) => p.isConnected && plotly.Plots.resize(p)));
  plots.forEach((p) => observer.observe(p));
  return () => {
    observer.disconnect();
    plots.forEach((p) => plotly.purge(p));
  };
}
