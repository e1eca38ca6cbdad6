import { narrativeBlocks } from './narrative';

/** Displays narrative text: sentences as paragraphs when long, bullet/numbered lines as lists. */
export function NarrativeView({ text, empty = 'Não preenchido.' }: { text: string | null | undefined; empty?: string }) {
  const blocks = narrativeBlocks(text);
  if (blocks.length === 0) return <p className="draft-editor__empty">{empty}</p>;
  return (
    <div className="draft-editor__narrative">
      {blocks.map((b, i) => {
        if (b.kind === 'paragraph') return <p key={i}>{b.text}</p>;
        const items = b.items.map((item, j) => <li key={j}>{item}</li>);
        return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
      })}
    </div>
  );
}
