// Plotly's small "basic" bundle ships no typings; it is only handed to react-plotly.js's factory.
declare module 'plotly.js-basic-dist-min' { const Plotly: object; export default Plotly; }

declare module 'react-plotly.js/factory' {
  import type { ComponentType, CSSProperties } from 'react';

  /** The subset of react-plotly.js props Limiar uses (data, layout and config stay loosely typed). */
  export interface PlotParams {
    data: Record<string, unknown>[];
    layout?: Record<string, unknown>;
    config?: Record<string, unknown>;
    style?: CSSProperties;
    className?: string;
    useResizeHandler?: boolean;
    divId?: string;
  }

  export default function createPlotlyComponent(plotly: object): ComponentType<PlotParams>;
}
