import { fetchEvolution, WidgetLoadError } from './api';
import type { WidgetOptions } from './options';
import { chartsUnavailable, renderState, type WidgetState } from './view';

/** Plotly (~360 kB gzip) lives only in this chunk, fetched from the Limiar server once data is ready. */
const loadCharts = () => import('./charts');

/**
 * Drives one widget instance inside its shadow-root container: fetches on every new set of options
 * (aborting the previous call), renders the state, then draws the charts from the lazy chunk.
 */
export class WidgetController {
  private abort: AbortController | undefined;
  private disposeCharts: (() => void) | undefined;
  private key = '';

  constructor(private readonly container: HTMLElement) {}

  configure(options: WidgetOptions | null, configError?: string) {
    const key = options ? `${options.apiBase}\n${options.token}\n${options.patient}` : `error\n${configError}`;
    if (key === this.key) return;
    this.key = key;
    this.abort?.abort();
    if (!options) return this.show({ kind: 'config-error', message: configError ?? 'Configuração inválida' });
    const controller = (this.abort = new AbortController());
    this.show({ kind: 'loading' });
    fetchEvolution(options, controller.signal).then(
      (data) => !controller.signal.aborted && this.show({ kind: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        this.show({ kind: 'error', status: error instanceof WidgetLoadError ? error.status : 0, message: error instanceof Error ? error.message : String(error) });
      },
    );
  }

  destroy() {
    this.abort?.abort();
    this.disposeCharts?.();
    this.disposeCharts = undefined;
    this.container.replaceChildren();
    this.key = '';
  }

  private show(state: WidgetState) {
    this.disposeCharts?.();
    this.disposeCharts = undefined;
    const { root, chartSlot } = renderState(state);
    this.container.replaceChildren(root);
    if (state.kind !== 'ready' || !chartSlot) return;
    const signal = this.abort?.signal;
    loadCharts().then(
      ({ drawCharts }) => {
        if (signal?.aborted || !chartSlot.isConnected) return;
        this.disposeCharts = drawCharts(chartSlot, state.data);
      },
      () => chartSlot.isConnected && chartSlot.replaceChildren(chartsUnavailable()),
    );
  }
}
