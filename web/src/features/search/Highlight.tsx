// Renders an engine snippet, whose matches are wrapped in \u0002 … \u0003, as
// text with <mark> elements. Never uses innerHTML: snippets come from
// untrusted notes.
import { MARK_CLOSE, MARK_OPEN } from './markers';

export { MARK_CLOSE, MARK_OPEN };

const SPLIT = new RegExp(`(${MARK_OPEN}[^${MARK_CLOSE}]*${MARK_CLOSE})`);

export function Highlight({ text }: { text: string }) {
  const parts = text.split(SPLIT);
  return (
    <>
      {parts.map((p, i) =>
        p.startsWith(MARK_OPEN) ? <mark key={i}>{p.slice(1, -1)}</mark> : p ? <span key={i}>{p.replace(/[\u0002\u0003]/g, '')}</span> : null,
      )}
    </>
  );
}
