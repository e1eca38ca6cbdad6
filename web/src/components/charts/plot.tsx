import createPlotlyComponent from 'react-plotly.js/factory';
import Plotly from 'plotly.js-basic-dist-min';

/**
 * The one Plotly React component of the app, built from the small "basic" bundle (stack.md §5:
 * never the default `react-plotly.js` import, which ships the full 1.4 MB build). Import this
 * module only from lazily loaded chart components so Plotly stays out of the initial bundle.
 */
export const Plot = createPlotlyComponent(Plotly);

/** Shared Plotly config: no mode bar, responsive. */
export const plotConfig = { displayModeBar: false, responsive: true } as const;

/** pt-BR decimal comma and thousands dot for every layout (`layout.separators`). */
export const PT_BR_SEPARATORS = ',.';

/** The design tokens' font and colours, as Plotly needs literal values. */
export const chartTheme = {
  font: { family: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif", size: 12, color: '#0f172a' },
  grid: '#e2e8f0',
  axis: '#475569',
  right: '#b91c1c',
  left: '#1d4ed8',
  normalBand: 'rgba(21, 128, 61, 0.08)',
  success: '#15803d',
} as const;

/** The axis look every chart shares: theme grid and line colours, a drawn axis line, no zero line, no zoom. */
export const axisFrame = { gridcolor: chartTheme.grid, linecolor: chartTheme.axis, showline: true, zeroline: false, fixedrange: true } as const;
