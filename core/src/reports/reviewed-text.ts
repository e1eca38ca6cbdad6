/**
 * The narrative is written once, when the laudo is organised; the review state changes afterwards
 * (the professional confirms the nexo level, clears the missing-data list). The sentences that state
 * that review state are therefore derived when the laudo is printed, not frozen in the prose
 * (issue 14 follow-up): a pending sentence is left out once the state it announces no longer holds.
 */
export interface ReviewState {
  /** The nexo level the professional confirmed or chose (pt-BR label), or null while it is a suggestion. */
  readonly confirmedNexoLabel: string | null;
  /** Items left in the reviewed missing-data list. */
  readonly missingCount: number;
}

/** A sentence announcing that the nexo level still waits for the professional. */
const NEXO_PENDING = /\b(a|ser) confirmad[ao]\b|\ba confirmar\b/i;
/** A sentence announcing missing critical data. */
const MISSING_PENDING = /dados críticos faltantes/i;

const sentences = (paragraph: string) => paragraph.split(/(?<=[.!?])\s+(?=[A-ZÀ-Ý0-9"“(])/u);

/** The paragraphs of a narrative text without the sentences the review state contradicts. */
export function reviewedParagraphs(text: string | null | undefined, state: ReviewState): string[] {
  const drop = (s: string) => (state.confirmedNexoLabel !== null && NEXO_PENDING.test(s)) || (state.missingCount === 0 && MISSING_PENDING.test(s));
  return (typeof text === 'string' ? text : '')
    .split('\n')
    .map((p) => sentences(p.trim()).filter((s) => s && !drop(s)).join(' ').trim())
    .filter(Boolean);
}

/** The summary as printed: the reviewed paragraphs, plus the confirmed nexo level when the laudo has one. */
export function reviewedSummary(text: string | null | undefined, state: ReviewState, isNexoType: boolean): string[] {
  const paragraphs = reviewedParagraphs(text, state);
  if (!isNexoType || state.confirmedNexoLabel === null || paragraphs.length === 0) return paragraphs;
  const last = paragraphs.length - 1;
  return paragraphs.map((p, i) => (i === last ? `${p} Nexo causal definido pelo profissional: ${state.confirmedNexoLabel}.` : p));
}

/** List items (recommendations) without those the review state contradicts. */
export function reviewedItems(items: readonly string[], state: ReviewState): string[] {
  return items.map((s) => reviewedParagraphs(s, state).join(' ')).filter(Boolean);
}
