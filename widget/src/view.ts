import type { Evolution } from './api';
import { h } from './dom';
import { dateBr, nr7Label, sexLabel, wholeDb } from './labels';

export type WidgetState =
  | { kind: 'loading' }
  | { kind: 'config-error'; message: string }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'ready'; data: Evolution };

const message = (tone: 'error' | 'neutral', title: string, text: string) =>
  h('div', { className: `lw-message lw-message--${tone}`, role: tone === 'error' ? 'alert' : 'status' }, h('strong', null, title), h('p', null, text));

export const spinner = (text: string, extra = '') =>
  h('div', { className: `lw-loading ${extra}`.trim(), role: 'status' }, h('span', { className: 'lw-spinner', 'aria-hidden': 'true' }), text);

/** The widget's frame and one of its states: loading, configuration error, load error, empty, loaded. */
export function renderState(state: WidgetState): { root: HTMLElement; chartSlot: HTMLElement | null } {
  const ready = state.kind === 'ready' ? state.data : null;
  const header = h(
    'header',
    { className: 'lw-header' },
    h('p', { className: 'lw-eyebrow' }, 'Evolução auditiva'),
    ready && h('h2', { className: 'lw-title' }, ready.worker.displayName, ' ', h('span', { className: 'lw-subtle' }, `· ${sexLabel(ready.worker.sex)}`)),
  );
  let body: HTMLElement;
  let chartSlot: HTMLElement | null = null;
  if (state.kind === 'loading') body = spinner('Carregando...');
  else if (state.kind === 'config-error') body = message('error', 'Widget mal configurado', state.message);
  else if (state.kind === 'error') body = message('error', state.status === 404 ? 'Trabalhador não encontrado' : 'Não foi possível exibir a evolução', state.message);
  else if (state.data.timeline.length === 0) body = message('neutral', 'Sem exames', 'Nenhum exame audiométrico registrado para este trabalhador.');
  else {
    chartSlot = h('div', { className: 'lw-charts' }, spinner('Carregando gráficos...', 'lw-loading--chart'));
    body = h('div', { className: 'lw-body' }, statusBox(state.data), facts(state.data), chartSlot);
  }
  const footer = h('footer', { className: 'lw-footer' }, `Limiar${ready ? ` · regras ${ready.rulesVersion}` : ''}`);
  const root = h('section', { className: 'lw', 'aria-label': 'Evolução auditiva', 'data-state': state.kind }, header, body, footer);
  return { root, chartSlot };
}

/** NR-7 status: red alert listing the desencadeamento/agravamento texts, else a green all-clear. */
function statusBox(data: Evolution) {
  const { hasWorsening, alerts } = data.status;
  return h(
    'div',
    { className: `lw-status lw-status--${hasWorsening ? 'alert' : 'ok'}`, role: hasWorsening ? 'alert' : 'status' },
    h(
      'strong',
      { className: 'lw-status__title' },
      h('span', { 'aria-hidden': 'true' }, hasWorsening ? '▲ ' : '✓ '),
      hasWorsening ? 'Alerta NR-7: sugestivo de desencadeamento ou agravamento' : 'Sem desencadeamento ou agravamento (NR-7)',
    ),
    alerts.length > 0 && h('ul', { className: 'lw-alerts' }, alerts.map((a) => h('li', null, a))),
  );
}

function facts(data: Evolution) {
  const last = data.timeline[data.timeline.length - 1];
  const fact = (label: string, value: string, wide = false) => h('div', { className: wide ? 'lw-facts__wide' : undefined }, h('dt', null, label), h('dd', null, value));
  return h(
    'dl',
    { className: 'lw-facts' },
    fact('Exames', String(data.timeline.length)),
    fact('Exame de referência', data.status.referenceDate ? dateBr(data.status.referenceDate) : '—'),
    fact('Último exame', dateBr(last.date)),
    fact('PTA último (OD / OE)', `${wholeDb(last.ptaRight)} / ${wholeDb(last.ptaLeft)}`),
    fact('Classificação OD', nr7Label(data.status.lastClassification?.right), true),
    fact('Classificação OE', nr7Label(data.status.lastClassification?.left), true),
  );
}

export const chartsUnavailable = () =>
  message('neutral', 'Gráficos indisponíveis', 'Não foi possível carregar os gráficos. Os dados acima continuam válidos.');
