import type { EmbedToken } from './api';

const dateTime = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** 'dd/mm/aaaa' of an ISO timestamp, in the browser's time zone. */
export const formatDate = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Sem validade');

export const STATUS_LABELS: Record<EmbedToken['status'], string> = { ativo: 'Ativo', revogado: 'Revogado', expirado: 'Expirado' };

export const WORKER_PLACEHOLDER = 'ID_DO_TRABALHADOR';
/** Stands for a token in the snippet of the Integrações screen (a token is shown only once, when created). */
export const TOKEN_PLACEHOLDER = 'SEU_TOKEN_DE_INTEGRACAO';

/** The snippet a partner pastes into its page (docs/widget.md). */
export function widgetSnippet(origin: string, token: string, patientId = WORKER_PLACEHOLDER) {
  return `<script type="module" src="${origin}/widget/limiar-evolucao.js"></script>\n<limiar-evolucao api-base="${origin}" token="${token}" patient="${patientId}"></limiar-evolucao>`;
}

/** One origin per line → trimmed, non-empty list (the server validates each one). */
export const parseOrigins = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A date input value (yyyy-mm-dd) → the end of that day in the browser's time zone, ISO. */
export const endOfDayIso = (date: string) => (date ? new Date(`${date}T23:59:59`).toISOString() : null);
