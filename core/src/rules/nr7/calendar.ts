/** Pure date helpers on ISO calendar dates (YYYY-MM-DD), in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;

export function isoDateToUtcMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** Whole days from `from` to `to` (floor of the difference; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.floor((isoDateToUtcMs(to) - isoDateToUtcMs(from)) / DAY_MS);
}

/** The date `months` calendar months after `date` (day clamped to the month's end), as UTC ms. */
export function addMonthsMs(date: string, months: number): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const d = Number(date.slice(8, 10));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d, last));
}

/** dd/mm/aaaa, the pt-BR display of an ISO date. */
export function formatDateBr(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
