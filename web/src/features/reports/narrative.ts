/** A piece of narrative text as the editor displays it (spec §5 report editor options). */
export type NarrativeBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*(?:[-•*–—▪◦])\s+/;
const NUMBERED = /^\s*\d{1,3}\s*[.)º°-]\s+/;

/** Sentences of a paragraph: a stop (. ! ? …) followed by space and an upper-case letter. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=["“(]?[A-ZÁÀÂÃÉÊÍÓÔÕÚÇ])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Spec §5: lines starting with a bullet or a number render as list items (consecutive ones form
 * one list); when the whole text is longer than 200 characters, the other lines are split into
 * one paragraph per sentence so long narratives stay readable.
 */
export function narrativeBlocks(text: string | null | undefined): NarrativeBlock[] {
  const source = (text ?? '').replace(/\r\n?/g, '\n').trim();
  if (!source) return [];
  const long = source.length > 200;
  const blocks: NarrativeBlock[] = [];
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const bullet = BULLET.test(line);
    const numbered = !bullet && NUMBERED.test(line);
    if (bullet || numbered) {
      const item = line.replace(bullet ? BULLET : NUMBERED, '').trim();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === numbered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered: numbered, items: [item] });
      continue;
    }
    for (const sentence of long ? splitSentences(line) : [line]) blocks.push({ kind: 'paragraph', text: sentence });
  }
  return blocks;
}

/** A list kept in the draft as strings, edited as one item per line (bullets stripped). */
export const listToText = (items: readonly string[] | undefined) => (items ?? []).join('\n');
export const textToList = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(BULLET, '').trim())
    .filter(Boolean);
