import { formatDateBr } from '../../../core/src/index';

/** dd/mm/aaaa of a calendar date (exam date): the first 10 characters, never shifted by a time zone. */
export const formatDay = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDateBr(value.slice(0, 10)) : '-');

/** dd/mm/aaaa of an ISO date (calendar date kept as is) or timestamp (user's time zone). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateBr(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('pt-BR');
}

/** dd/mm/aaaa hh:mm of a timestamp (user's time zone). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : `${date.toLocaleDateString('pt-BR')} ${date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}`;
}
