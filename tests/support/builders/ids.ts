/** Deterministic UUIDs for test objects: unique within a run, valid for PostgreSQL's uuid columns. */
let n = 0;

export function nextId(): string {
  return `00000000-0000-4000-a000-${(++n).toString(16).padStart(12, '0')}`;
}

/** A fixed instant every builder starts from; `at(s)` is `s` seconds later. */
export const T0 = new Date('2026-11-22T12:00:00.000Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
