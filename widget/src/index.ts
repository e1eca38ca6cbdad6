import { WidgetController } from './controller';
import { parseOptions, type WidgetOptions, type WidgetOptionsInput } from './options';
import styles from './styles.css?inline';

export type { WidgetOptions, WidgetOptionsInput } from './options';

export const ELEMENT_NAME = 'limiar-evolucao';

/** The Limiar server that served this script: the default `api-base`. */
const scriptOrigin = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return '';
  }
})();

/**
 * One shadow root per host element: the widget's styles are injected there (the host page's CSS
 * cannot reach in, and ours cannot leak out); a controller renders the states inside.
 */
function attach(host: HTMLElement): WidgetController {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = styles;
  const container = document.createElement('div');
  container.className = 'lw-root';
  shadow.replaceChildren(style, container);
  return new WidgetController(container);
}

export interface MountedWidget {
  /** Re-renders with new options (parsed again). */
  update(options: WidgetOptionsInput): void;
  /** Stops the widget (aborts its call, purges the charts) and empties the shadow root. */
  unmount(): void;
}

/**
 * For React (or any) hosts: `const w = mount(div, { apiBase, token, patient })`, then
 * `w.unmount()` on cleanup. Options are zod-parsed; invalid ones throw a `TypeError` (pt-BR).
 */
export function mount(element: HTMLElement, options: WidgetOptionsInput): MountedWidget {
  const parsed = parseOptions(options);
  let controller: WidgetController | undefined = attach(element);
  controller.configure(parsed);
  return {
    update: (next) => controller?.configure(parseOptions(next)),
    unmount() {
      controller?.destroy();
      element.shadowRoot?.replaceChildren();
      controller = undefined;
    },
  };
}

/** `<limiar-evolucao api-base="…" token="…" patient="…">`: same widget, configured by attributes. */
export class LimiarEvolucaoElement extends HTMLElement {
  static observedAttributes = ['api-base', 'token', 'patient'];
  private controller: WidgetController | undefined;

  connectedCallback() {
    this.controller ??= attach(this);
    this.renderWidget();
  }

  attributeChangedCallback() {
    if (this.controller) this.renderWidget();
  }

  disconnectedCallback() {
    // a move within the page disconnects and reconnects in one task: keep the widget then
    queueMicrotask(() => {
      if (this.isConnected || !this.controller) return;
      this.controller.destroy();
      this.controller = undefined;
    });
  }

  private renderWidget() {
    let options: WidgetOptions | null = null;
    let configError: string | undefined;
    try {
      options = parseOptions({ apiBase: this.getAttribute('api-base') || scriptOrigin, token: this.getAttribute('token') ?? '', patient: this.getAttribute('patient') ?? '' });
    } catch (error) {
      configError = error instanceof Error ? error.message.replace(/^limiar-evolucao: /, '') : String(error);
    }
    this.controller?.configure(options, configError);
  }
}

if (typeof customElements !== 'undefined' && !customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, LimiarEvolucaoElement);
