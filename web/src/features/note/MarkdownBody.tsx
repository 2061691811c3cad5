// A note body rendered as sanitised HTML. Links inside it are handled here:
// [[wikilinks]] and relative links open notes in the app, #tags filter, web
// links open in a new tab (the sanitiser set target and rel), footnote and
// [[#^block]] links scroll within the note.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { revealAnchor } from './anchors';
import { createSanitizer, markdownToFragment } from './markdown';
import { MatchBar } from './MatchBar';
import { labelTaskStates } from './task-items';
import { useQueryMarks } from './use-query-marks';
import { fillVaultContent } from './vault-content';
import { FileUrls } from './vault-files';
import './note-render.css';

/** Bodies beyond this are rendered on request: parsing megabytes would freeze the page. */
const RENDER_LIMIT = 400_000;

let purifier: ReturnType<typeof createSanitizer> | null = null;
const sanitizer = () => (purifier ??= createSanitizer(window));

interface Props {
  body: string;
  /** Where the note is: its links, pictures and embeds resolve from there. */
  vault: string;
  path: string;
  /** The vault's import source ('handle': pictures are read through the kept folder handle). */
  source: string | null;
  /** The note's title, shown above: a first heading that repeats it is not shown twice. */
  title?: string;
  /** A heading or ^block to scroll to once rendered (from a [[Note#^block]] link). */
  anchor?: { anchor: string; n: number } | null;
  /** A search whose words are marked (the note was opened from its hit): the first is scrolled to. */
  marks?: string | null;
  /** The 0-based line of the body a hit named (an observation or relation): scrolled to, its mark the current one. */
  line?: number | null;
  /** A link to another note; a link within this note ([[#Heading]]) scrolls instead. */
  onWikilink(target: string, anchor: string | null): void;
  onRelative(href: string): void;
  onTag(tag: string): void;
  /** A click on a task's box (open or done, not in an embed): its 0-based line in the body and whether it was done. Boxes stay disabled without it. */
  onTaskToggle?(bodyLine: number, done: boolean): void;
}

/** The element with attr = value that belongs to box itself, not to a note embedded in it. */
const byData = (box: Element, attr: string, value: string) =>
  [...box.querySelectorAll(`[${attr}]`)].find((el) => el.getAttribute(attr) === value && (el.parentElement?.closest('.md-embed-body') ?? null) === (box.matches('.md-embed-body') ? box : null));

export function MarkdownBody({ body, vault, path, source, title, anchor, marks = null, line = null, onWikilink, onRelative, onTag, onTaskToggle }: Props) {
  // Read at click time: a new callback each render must not render the body again.
  const toggleRef = useRef(onTaskToggle);
  toggleRef.current = onTaskToggle;
  const tasksEditable = !!onTaskToggle;
  const { t, formatNumber } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  // Bumped when folder access was granted again: pictures are read anew.
  const [access, setAccess] = useState(0);
  const [filled, setFilled] = useState(0);
  // The text rendered, and how many lines of the body were left out above it (the title heading).
  const [shown, skipped] = useMemo(() => {
    const text = full || body.length <= RENDER_LIMIT ? body : body.slice(0, RENDER_LIMIT);
    const first = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(text);
    if (!title || !first || first[1].trim() !== title.trim()) return [text, 0] as const;
    return [text.slice(first[0].length), first[0].split('\n').length - 1] as const;
  }, [body, full, title]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.replaceChildren(markdownToFragment(shown, sanitizer()));
    labelTaskStates(root, t);
    if (tasksEditable) enableTaskBoxes(root, t);
    let live = true;
    const urls = new FileUrls();
    void fillVaultContent(root, {
      vault, source, from: path, chain: [path], urls, purify: sanitizer(), t,
      live: () => live,
      onAccess: () => setAccess((n) => n + 1),
    }).then(() => live && setFilled((n) => n + 1));
    return () => {
      live = false;
      urls.revokeAll();
    };
  }, [shown, vault, path, source, t, access, tasksEditable]);
  useLayoutEffect(() => {
    // Again once embeds are in: the anchor may be inside one, or below one that grew.
    if (anchor && ref.current) revealAnchor(ref.current, anchor.anchor);
  }, [shown, anchor, filled]);
  // The search's words, found by the engine's snippet matcher in the text as rendered (query-marks.ts).
  const walk = useQueryMarks(ref, marks, line === null ? null : Math.max(0, line - skipped), [shown, vault, path, source, t, access], filled);
  return (
    <>
      {walk.total ? <MatchBar walk={walk} /> : null}
      <div
        ref={ref}
        className="md-body"
        data-testid="note-body"
        onClick={(e) => {
          const box = e.target as Element;
          if (box instanceof HTMLInputElement && box.dataset.toggle === '1') {
            // The box shows the note's state: it changes when the note is saved and read again.
            e.preventDefault();
            const li = box.closest('li.md-task[data-line]');
            const at = Number(li?.getAttribute('data-line'));
            if (li && Number.isInteger(at)) toggleRef.current?.(at + skipped, box.hasAttribute('checked'));
            return;
          }
          const a = (e.target as Element).closest?.('a');
          if (!a || !ref.current?.contains(a)) return;
          const wl = a.getAttribute('data-wikilink');
          const tag = a.getAttribute('data-tag');
          const note = a.getAttribute('data-footnote');
          const back = a.getAttribute('data-footnote-back');
          const href = a.getAttribute('href') ?? '';
          if (wl !== null) {
            e.preventDefault();
            const to = a.getAttribute('data-anchor');
            // An embedded note's own [[#Heading]] links point into that note, not this one.
            const inEmbed = a.parentElement?.closest('[data-embed-path]');
            if (wl === '' && inEmbed) onWikilink(inEmbed.getAttribute('data-embed-path')!, to);
            else if (wl === '') revealAnchor(ref.current, to ?? '');
            else onWikilink(wl, to);
          } else if (note !== null || back !== null) {
            e.preventDefault();
            // Footnotes of an embedded note are its own.
            const box = a.closest('.md-embed-body') ?? ref.current;
            const dest = note !== null ? byData(box, 'data-footnote-def', note) : byData(box, 'data-footnote', back!);
            dest?.scrollIntoView?.({ block: 'center' });
            dest?.querySelector<HTMLElement>('.md-fnback')?.focus();
            if (dest && dest.tagName === 'A') (dest as HTMLElement).focus();
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

/** Open and done tasks' boxes become clickable (custom states stay marks); named by their task's words. */
function enableTaskBoxes(root: HTMLElement, t: ReturnType<typeof useI18n>['t']): void {
  for (const li of root.querySelectorAll<HTMLLIElement>('li.md-task[data-line]')) {
    const box = li.querySelector<HTMLInputElement>(':scope > input[type=checkbox], :scope > p > input[type=checkbox]');
    if (!box) continue;
    const words = (li.querySelector('.md-task-text')?.textContent ?? '').trim().slice(0, 120);
    box.disabled = false;
    box.dataset.toggle = '1';
    box.setAttribute('aria-label', `${box.hasAttribute('checked') ? t('tasks.untick') : t('tasks.tick')}: ${words}`);
  }
}
