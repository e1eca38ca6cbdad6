import { useId } from 'react';
import { axisFrame, chartTheme, Plot, plotConfig, PT_BR_SEPARATORS } from '../charts/plot';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, frequencyLabel, isNr, thresholdText, type AudiogramValues, type WireThreshold } from './audiogram-data';
import './audiogram-chart.css';

/**
 * The standard audiogram (ASHA 1990 / ISO 8253 conventions, product.md): octave-spaced log
 * frequency axis 250–8000 Hz with 3000 and 6000 Hz, inverted dB HL axis −10…120, red O for the
 * right ear and blue X for the left ear by air, '<' right / '>' left by bone (unmasked), a no
 * response drawn as its symbol at the level tested with a downward arrow, and the normal band
 * (≤ 25 dB HL, NR-7 item 5.1) shaded. A visually hidden table carries the same values as text.
 *
 * Default export so pages load it with `lazy()`: Plotly lives only in this lazy chunk.
 */
export interface ReferenceOverlay {
  values: AudiogramValues;
  /** e.g. "Referência 11/03/2025". */
  label: string;
}

export default function AudiogramChart({
  values,
  title = 'Audiograma',
  height = 400,
  reference,
}: {
  values: AudiogramValues;
  title?: string;
  height?: number;
  /** The reference exam's air conduction, drawn dashed and lighter under this exam's lines. */
  reference?: ReferenceOverlay;
}) {
  const captionId = useId();
  const bone = values.bone ?? {};
  const series = [
    { ear: 're' as const, map: values.air, kind: 'air' as const, name: 'Orelha direita (OD) — via aérea', color: chartTheme.right },
    { ear: 'le' as const, map: values.air, kind: 'air' as const, name: 'Orelha esquerda (OE) — via aérea', color: chartTheme.left },
    { ear: 're' as const, map: bone, kind: 'bone' as const, name: 'OD — via óssea', color: chartTheme.right },
    { ear: 'le' as const, map: bone, kind: 'bone' as const, name: 'OE — via óssea', color: chartTheme.left },
  ];

  const data: Record<string, unknown>[] = reference ? referenceTraces(reference) : [];
  const annotations: Record<string, unknown>[] = [];

  for (const s of series) {
    const freqs = s.kind === 'air' ? AIR_FREQUENCIES : BONE_FREQUENCIES;
    // Bone symbols sit beside the frequency line: '<' to the left for the right ear, '>' to the right for the left ear.
    const shift = s.kind === 'bone' ? (s.ear === 're' ? 0.94 : 1.06) : 1;
    const measured: { x: number; y: number | null }[] = [];
    const nr: { x: number; y: number }[] = [];
    for (const f of freqs) {
      const t: WireThreshold | undefined = s.map[String(f)]?.[s.ear];
      if (t === null || t === undefined) continue;
      if (isNr(t)) {
        nr.push({ x: f * shift, y: t.nr });
        measured.push({ x: f * shift, y: null }); // an NR breaks the line
      } else measured.push({ x: f * shift, y: t });
    }
    if (measured.length === 0) continue;
    const symbol = s.kind === 'air' ? (s.ear === 're' ? 'circle-open' : 'x-thin-open') : undefined;
    const text = s.kind === 'bone' ? (s.ear === 're' ? '<' : '>') : undefined;
    const common = {
      type: 'scatter',
      cliponaxis: false,
      hovertemplate: `${s.name}<br>%{customdata} Hz: %{y} dB NA<extra></extra>`,
    };
    if (s.kind === 'air') {
      data.push({
        ...common,
        name: s.name,
        x: measured.map((p) => p.x),
        y: measured.map((p) => p.y),
        customdata: measured.map((p) => Math.round(p.x)),
        mode: 'lines+markers',
        connectgaps: false,
        line: { color: s.color, width: 2 },
        marker: { symbol, size: 13, color: s.color, line: { color: s.color, width: 2.2 } },
      });
    } else {
      data.push({
        ...common,
        name: `${s.name} (${text})`,
        x: measured.filter((p) => p.y !== null).map((p) => p.x),
        y: measured.filter((p) => p.y !== null).map((p) => p.y),
        customdata: measured.filter((p) => p.y !== null).map((p) => Math.round(p.x / shift)),
        mode: 'text',
        text: measured.filter((p) => p.y !== null).map(() => text),
        textfont: { size: 20, color: s.color, family: 'Arial, sans-serif' },
        textposition: 'middle center',
      });
    }
    if (nr.length > 0) {
      data.push({
        ...common,
        name: `${s.kind === 'air' ? (s.ear === 're' ? 'OD' : 'OE') + ' via aérea' : s.name}: sem resposta (NR ↓)`,
        x: nr.map((p) => p.x),
        y: nr.map((p) => p.y),
        customdata: nr.map((p) => Math.round(p.x / shift)),
        hovertemplate: `${s.name}<br>%{customdata} Hz: sem resposta a %{y} dB NA<extra></extra>`,
        mode: s.kind === 'air' ? 'markers' : 'text',
        text: s.kind === 'bone' ? nr.map(() => text) : undefined,
        textfont: { size: 20, color: s.color, family: 'Arial, sans-serif' },
        marker: { symbol, size: 13, color: s.color, line: { color: s.color, width: 2.2 } },
      });
      // The arrow points down and outward (right ear to the left, left ear to the right).
      const dir = s.ear === 're' ? -1 : 1;
      for (const p of nr) {
        annotations.push({
          xref: 'x', yref: 'y', axref: 'pixel', ayref: 'pixel',
          x: Math.log10(p.x * (dir > 0 ? 1.09 : 0.92)), y: p.y + 9,
          ax: -dir * 10, ay: -22,
          showarrow: true, arrowhead: 2, arrowsize: 1.1, arrowwidth: 2, arrowcolor: s.color, text: '',
        });
      }
    }
  }

  const layout = {
    height,
    autosize: true,
    separators: PT_BR_SEPARATORS,
    font: chartTheme.font,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: '#ffffff',
    margin: { l: 60, r: 16, t: 56, b: 16 },
    showlegend: false,
    hovermode: 'closest',
    xaxis: {
      type: 'log',
      range: [Math.log10(180), Math.log10(11000)],
      tickvals: [...AIR_FREQUENCIES],
      ticktext: AIR_FREQUENCIES.map((f) => frequencyLabel(f)),
      title: { text: 'Frequência (Hz)', standoff: 4 },
      side: 'top',
      ...axisFrame,
      mirror: true,
    },
    yaxis: {
      range: [125, -15],
      tickvals: [-10, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120],
      title: { text: 'Limiar (dB NA)', standoff: 8 },
      ...axisFrame,
      mirror: true,
    },
    shapes: [
      { type: 'rect', xref: 'paper', yref: 'y', x0: 0, x1: 1, y0: -10, y1: 25, fillcolor: chartTheme.normalBand, line: { width: 0 }, layer: 'below' },
      { type: 'line', xref: 'paper', yref: 'y', x0: 0, x1: 1, y0: 25, y1: 25, line: { color: chartTheme.success, width: 1, dash: 'dot' }, layer: 'below' },
    ],
    annotations,
  };

  return (
    <figure className="audiogram" aria-labelledby={captionId}>
      <figcaption id={captionId} className="audiogram__caption">
        {title}
      </figcaption>
      <div className="audiogram__plot" aria-hidden="true">
        <Plot data={data} layout={layout} config={plotConfig} useResizeHandler style={{ width: '100%', height }} />
      </div>
      <ul className="audiogram__legend" aria-hidden="true">
        <li><span className="audiogram__sym audiogram__sym--right">O</span> Orelha direita — via aérea</li>
        <li><span className="audiogram__sym audiogram__sym--left">X</span> Orelha esquerda — via aérea</li>
        <li><span className="audiogram__sym audiogram__sym--right">&lt;</span> Orelha direita — via óssea</li>
        <li><span className="audiogram__sym audiogram__sym--left">&gt;</span> Orelha esquerda — via óssea</li>
        {reference && (
          <li><span className="audiogram__dash" /> {reference.label} (via aérea, tracejado)</li>
        )}
        <li><span className="audiogram__sym">↓</span> Sem resposta (NR) no nível testado</li>
        <li><span className="audiogram__band" /> Faixa de normalidade (≤ 25 dB NA)</li>
      </ul>
      <AudiogramTable values={values} reference={reference} />
    </figure>
  );
}

/** Dashed, lighter air-conduction lines of the reference exam (a no-response drawn at its level, open marker). */
function referenceTraces(reference: ReferenceOverlay): Record<string, unknown>[] {
  return (['re', 'le'] as const).flatMap((ear) => {
    const points = AIR_FREQUENCIES.map((f) => ({ f, t: reference.values.air[String(f)]?.[ear] })).filter(
      (p): p is { f: (typeof AIR_FREQUENCIES)[number]; t: WireThreshold } => p.t !== null && p.t !== undefined,
    );
    if (points.length === 0) return [];
    const color = ear === 're' ? chartTheme.right : chartTheme.left;
    const side = ear === 're' ? 'OD' : 'OE';
    return [
      {
        type: 'scatter',
        name: `${reference.label} — ${side}`,
        x: points.map((p) => p.f),
        y: points.map((p) => (isNr(p.t) ? p.t.nr : p.t)),
        mode: 'lines+markers',
        opacity: 0.45,
        line: { color, width: 1.5, dash: 'dash' },
        marker: { symbol: ear === 're' ? 'circle-open' : 'x-thin-open', size: 8, color, line: { color, width: 1.5 } },
        cliponaxis: false,
        hovertemplate: `${reference.label} — ${side}<br>%{x} Hz: %{y} dB NA<extra></extra>`,
      },
    ];
  });
}

/** The chart's text alternative: every threshold of the audiogram in a visually hidden table. */
function AudiogramTable({ values, reference }: { values: AudiogramValues; reference?: ReferenceOverlay }) {
  const bone = values.bone ?? {};
  const refRows = reference
    ? [
        { label: `${reference.label}, orelha direita, via aérea`, ear: 're' as const, map: reference.values.air, freqs: AIR_FREQUENCIES as readonly number[] },
        { label: `${reference.label}, orelha esquerda, via aérea`, ear: 'le' as const, map: reference.values.air, freqs: AIR_FREQUENCIES as readonly number[] },
      ]
    : [];
  const rows = [
    { label: 'Orelha direita, via aérea', ear: 're' as const, map: values.air, freqs: AIR_FREQUENCIES as readonly number[] },
    { label: 'Orelha esquerda, via aérea', ear: 'le' as const, map: values.air, freqs: AIR_FREQUENCIES as readonly number[] },
    { label: 'Orelha direita, via óssea', ear: 're' as const, map: bone, freqs: BONE_FREQUENCIES as readonly number[] },
    { label: 'Orelha esquerda, via óssea', ear: 'le' as const, map: bone, freqs: BONE_FREQUENCIES as readonly number[] },
    ...refRows,
  ];
  return (
    <table className="visually-hidden">
      <caption>Limiares auditivos em dB NA por frequência (NR = sem resposta no nível indicado; — = não medido)</caption>
      <thead>
        <tr>
          <th scope="col">Orelha e via</th>
          {AIR_FREQUENCIES.map((f) => (
            <th key={f} scope="col">
              {f} Hz
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            {AIR_FREQUENCIES.map((f) => (
              <td key={f}>{r.freqs.includes(f) ? thresholdText(r.map[String(f)]?.[r.ear]) : 'não se aplica'}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
