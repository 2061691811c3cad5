// A note body rendered as sanitised HTML. Links inside it are handled here:
// [[wikilinks]] and relative links open notes in the app, #tags filter, web
// links open in a new tab (the sanitiser set target and rel).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { createSanitizer, markdownToFragment } from './markdown';

/** Bodies beyond this are rendered on request: parsing megabytes would freeze the page. */
const RENDER_LIMIT = 400_000;

let purifier: ReturnType<typeof createSanitizer> | null = null;
const sanitizer = () => (purifier ??= createSanitizer(window));

interface Props {
  body: string;
  /** The note's title, shown above: a first heading that repeats it is not shown twice. */
  title?: string;
  onWikilink(target: string): void;
  onRelative(href: string): void;
  onTag(tag: string): void;
}

export function MarkdownBody({ body, title, onWikilink, onRelative, onTag }: Props) {
  const { t, formatNumber } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const shown = useMemo(() => {
    let text = full || body.length <= RENDER_LIMIT ? body : body.slice(0, RENDER_LIMIT);
    const first = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(text);
    if (title && first && first[1].trim() === title.trim()) text = text.slice(first[0].length);
    return text;
  }, [body, full, title]);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(markdownToFragment(shown, sanitizer()));
  }, [shown]);
  return (
    <>
      <div
        ref={ref}
        className="md-body"
        data-testid="note-body"
        onClick={(e) => {
          const a = (e.target as Element).closest?.('a');
          if (!a || !ref.current?.contains(a)) return;
          const wl = a.getAttribute('data-wikilink');
          const tag = a.getAttribute('data-tag');
          const href = a.getAttribute('href') ?? '';
          if (wl !== null) {
            e.preventDefault();
            onWikilink(wl);
          } else if (tag !== null) {
            e.preventDefault();
            onTag(tag);
          } else if (href === '' || href.startsWith('#')) {
            // Links whose address the sanitiser removed (javascript: …) and in-page anchors go nowhere.
            e.preventDefault();
          } else if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) {
            e.preventDefault();
            onRelative(decodeURI(href));
          }
        }}
      />
      {!full && body.length > RENDER_LIMIT ? (
        <p className="notice">
          {t('note.longBody', { shown: formatNumber(RENDER_LIMIT), total: formatNumber(body.length) })}{' '}
          <button type="button" className="secondary small" onClick={() => setFull(true)}>
            {t('note.showAll')}
          </button>
        </p>
      ) : null}
    </>
  );
}
