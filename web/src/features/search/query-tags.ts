// `tag:` tokens in the query box: which tag the caret is in, and completing it.

export interface TagToken {
  /** Where the tag being typed starts and ends in the text. */
  start: number;
  end: number;
  /** What has been typed of it so far. */
  prefix: string;
}

/** The tag under the caret in `tag:a,b` style tokens, or null when the caret is elsewhere. */
export function tagTokenAt(text: string, caret: number): TagToken | null {
  let s = caret;
  while (s > 0 && !/\s/.test(text[s - 1])) s--;
  let e = caret;
  while (e < text.length && !/\s/.test(text[e])) e++;
  const token = text.slice(s, e);
  const m = /^-?tag:/i.exec(token);
  if (!m) return null;
  const bodyStart = s + m[0].length;
  if (caret < bodyStart) return null;
  const comma = text.lastIndexOf(',', caret - 1);
  const start = comma >= bodyStart ? comma + 1 : bodyStart;
  const nextComma = text.indexOf(',', caret);
  const end = nextComma >= 0 && nextComma < e ? nextComma : e;
  return { start, end, prefix: text.slice(start, caret) };
}

/** Puts a tag in place of the one being typed; the caret goes after it (and a space when the token ends there). */
export function completeTag(text: string, token: TagToken, tag: string): { text: string; caret: number } {
  const atTokenEnd = token.end >= text.length || /\s/.test(text[token.end]);
  const insert = atTokenEnd ? `${tag} ` : tag;
  const rest = atTokenEnd ? text.slice(token.end).replace(/^\s/, '') : text.slice(token.end);
  return { text: text.slice(0, token.start) + insert + rest, caret: token.start + insert.length };
}

const CONNECTOR = /^(AND|OR|&&|\|\|)$/;

/**
 * The tag: tokens of a query (`tag:a`, `-tag:b`, `tag:"two words"`), each
 * with the query as it reads without it: for "remove tag:x" when a search
 * finds nothing. A connector left dangling by the removal goes too.
 */
export function tagTokensOf(q: string): { token: string; without: string }[] {
  const words = q.match(/-?[Tt][Aa][Gg]:"[^"]*"?|"[^"]*"?|\S+/g) ?? [];
  return words.flatMap((w, i) => {
    if (!/^-?tag:/i.test(w)) return [];
    // The connector that joined the token goes with it: the one before, else the one after.
    const joiner = CONNECTOR.test(words[i - 1] ?? '') ? i - 1 : CONNECTOR.test(words[i + 1] ?? '') ? i + 1 : -1;
    return [{ token: w, without: withoutDangling(words.filter((_, k) => k !== i && k !== joiner)).join(' ') }];
  });
}

/** Drops connectors at either end or right after another connector ("tag:a OR" → "tag:a"). */
function withoutDangling(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (CONNECTOR.test(w) && (out.length === 0 || CONNECTOR.test(out[out.length - 1]))) continue;
    out.push(w);
  }
  while (out.length && CONNECTOR.test(out[out.length - 1])) out.pop();
  return out;
}
