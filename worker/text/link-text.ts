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

/** Splits a note's body into what a reader sees and where its links point. */
export function splitLinks(body: string): LinkText {
  if (!body.includes('[')) return { shown: body, targets: '' };
  const targets: string[] = [];
  const shown = body.replace(LINK, (whole, embed: string, inner: string | undefined, _img: string, text: string, url: string) => {
    if (inner === undefined) {
      targets.push(url);
      return ` ${text} `;
    }
    const bar = inner.indexOf('|');
    const target = bar < 0 ? inner : inner.slice(0, bar);
    if (embed && MEDIA.test(target.split('#')[0].trim())) {
      targets.push(inner);
      return ' ';
    }
    if (bar < 0) return whole;
    targets.push(target);
    return ` ${inner.slice(bar + 1)} `;
  });
  return { shown, targets: targets.join('\n') };
}
