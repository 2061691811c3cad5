// A note's words and the places its links point at, apart. In
// `[[Hotkeys#Set hotkeys|change a shortcut]]` the reader sees "change a
// shortcut"; "Hotkeys" names another note. Indexed as body text, a link's
// target (and its heading, often the same word again) counted as much as the
// note's own words, so a note merely linking to "Hotkeys" twice ranked above
// one explaining hotkeys. The index keeps targets searchable in a column of
// their own with a lower weight (worker/search/rank-sql.ts). What goes to each
// side follows what a snippet shows (worker/search/snippet-render.ts).

export interface LinkText {
  /** The text as read: link targets, URLs and embedded files' names replaced by spaces, aliases and link texts kept. */
  shown: string;
  /** The link targets, headings, URLs and embedded files' names, one per line. */
  targets: string;
}

// An embedded picture, sound, video or PDF shows as itself, not its name.
const MEDIA = /\.(?:png|jpe?g|gif|svg|webp|avif|bmp|pdf|mp3|wav|m4a|ogg|flac|mp4|webm|mov|mkv)$/i;
// [[inner]] or ![[inner]] on one line; [text](url) or ![alt](url) with an optional "title".
const LINK = /(!?)\[\[([^\]\n]*)\]\]|(!?)\[([^\]\n]*)\]\(([^)\n]*)\)/g;

/** One link as written: where it points, and the text a reader sees in its place ('' for an embedded picture, sound or PDF). */
export interface Link {
  target: string;
  shown: string;
}

/**
 * Rewrites every link of `body` (wiki links, embeds, Markdown links and
 * images) with `replace`; a wiki link without another text is left as
 * written (its target is what a reader sees).
 */
export function replaceLinks(body: string, replace: (link: Link) => string): string {
  if (!body.includes('[')) return body;
  return body.replace(LINK, (whole, embed: string, inner: string | undefined, _img: string, text: string, url: string) => {
    if (inner === undefined) return replace({ target: url, shown: text });
    const bar = inner.indexOf('|');
    const target = bar < 0 ? inner : inner.slice(0, bar);
    if (embed && MEDIA.test(target.split('#')[0].trim())) return replace({ target: inner, shown: '' });
    return bar < 0 ? whole : replace({ target, shown: inner.slice(bar + 1) });
  });
}

/** Splits a note's body into what a reader sees and where its links point. */
export function splitLinks(body: string): LinkText {
  const targets: string[] = [];
  const shown = replaceLinks(body, (link) => {
    targets.push(link.target);
    return link.shown ? ` ${link.shown} ` : ' ';
  });
  return { shown, targets: targets.join('\n') };
}
