// A note's opening as the `fts_lead` index holds it (issue 16): what the note
// says it is, before its long body. Encyclopedia-style notes open with an
// aside ("HISTOLOGY (Gr. histos, web, tissue, … to make to stand), the science
// which deals with the structure of the tissues …"); a fixed number of
// characters then holds the etymology and not the definition. So the opening
// is the first sentence with such asides left out (measured in
// docs/search-text.md: `npm run eval:experiments lead-text`).

/** How an opening is cut: the shipped shape is LEAD_SHAPE; measurements vary it. */
export interface LeadShape {
  /** At most this many characters, cut at a word. */
  chars: number;
  /** Cut at the first sentence end at or after this many characters (none: only `chars` cuts). */
  sentenceFrom?: number;
  /** Leave out bracketed asides of more than one word (withoutAsides). */
  asides: boolean;
  /** How many characters one CJK character counts as in every length above (none: 1). */
  cjkWidth?: number;
  /** false: an opening mostly in CJK (isMostlyCjk) is not cut at a sentence end, only by `chars`. */
  cjkSentence?: boolean;
  /** Leave out block quotes (callouts, epigraphs) met before the first paragraph. */
  leadingQuotes?: boolean;
  /** A list item after the first paragraph ends the opening (a list of pages is no description). */
  listEnds?: boolean;
}

/** The first sentence, 60 to 200 characters, asides left out. */
export const LEAD_SHAPE: LeadShape = { chars: 200, sentenceFrom: 60, asides: true };

/** What `fts_lead` held before (derivation 3): 150 characters as written. */
export const FIXED_LEAD_SHAPE: LeadShape = { chars: 150, asides: false };

/** The most characters an opening holds (LEAD_SHAPE.chars). */
export const LEAD_CHARS = LEAD_SHAPE.chars;

const OPEN = '([';
const CLOSE = ')]';

/**
 * Text without its bracketed asides: Markdown links become their text
 * (`[[Note|shown]]` → shown, `[text](url)` → text), then every balanced
 * `( … )` or `[ … ]` holding more than one word is left out, nested ones
 * included, and footnote marks (`[1]`) too. A one-word aside stays as a word
 * ("point of sale (POS)" keeps POS: it names the thing). An aside left open
 * stays as written. Full-width brackets are not asides here.
 */
export function withoutAsides(text: string): string {
  const t = text.replace(/!?\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_, target: string, shown?: string) => shown ?? target).replace(/!?\[([^\][]*)\]\([^)\s]*\)/g, '$1');
  let out = '';
  let depth = 0;
  let from = -1;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i];
    if (OPEN.includes(ch)) {
      if (depth === 0) from = i;
      depth++;
    } else if (CLOSE.includes(ch) && depth > 0) {
      depth--;
      const inner = t.slice(from + 1, i);
      if (depth === 0 && !/\s/.test(inner) && !/^\d*$/.test(inner)) out += ` ${inner} `;
    } else if (depth === 0) out += ch;
  }
  if (depth > 0) out += t.slice(from);
  return out.replace(/\s+([,.;:!?])/g, '$1').replace(/\s{2,}/g, ' ').trim();
}

const SENTENCE_END = /[.!?](?=\s|$)|[。！？]/g;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]/u;

/** The length of text with each CJK character counted as `cjk` characters. */
function widthOf(text: string, cjk: number): number {
  if (cjk === 1) return text.length;
  let w = 0;
  for (const ch of text) w += CJK_CHAR.test(ch) ? cjk : ch.length;
  return w;
}

/** The index in text where its width (widthOf) reaches `width`, or its length. */
function indexAtWidth(text: string, width: number, cjk: number): number {
  if (cjk === 1) return Math.min(width, text.length);
  let w = 0;
  let i = 0;
  for (const ch of text) {
    if (w >= width) return i;
    w += CJK_CHAR.test(ch) ? cjk : ch.length;
    i += ch.length;
  }
  return i;
}

const CJK_CHARS = new RegExp(CJK_CHAR.source, 'gu');

/** A quarter or more of the text's letters are CJK (Latin product names and code mixed into Japanese prose leave it CJK). */
export function isMostlyCjk(text: string): boolean {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  return cjk > 0 && cjk * 4 >= (text.match(/\p{L}/gu)?.length ?? 0);
}

/**
 * The opening of a Markdown body: its first paragraphs (headings, fences and
 * rules left out), read until they hold `shape.chars` characters or a blank
 * line follows half of that; asides left out; then cut at the first sentence
 * end from `shape.sentenceFrom` characters on, or else at a word near
 * `shape.chars`.
 */
export function leadText(body: string, shape: LeadShape = LEAD_SHAPE): string {
  const { chars } = shape;
  const cjk = shape.cjkWidth ?? 1;
  const lines: string[] = [];
  const quoted: string[] = [];
  let afterBlank = false;
  let text = '';
  let n = 0;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line) {
      afterBlank = true;
      if ((shape.asides ? widthOf(text, cjk) : n) >= chars / 2) break;
      continue;
    }
    if (/^#{1,6}(\s|$)/.test(line) || /^(```|~~~|---)/.test(line)) continue;
    if (shape.leadingQuotes && !lines.length && line.startsWith('>')) {
      quoted.push(line);
      continue;
    }
    if (shape.listEnds && afterBlank && text && /^([-*+]|\d+[.)])\s/.test(line)) break;
    afterBlank = false;
    lines.push(line);
    n += widthOf(line, cjk) + 1;
    // An aside may run over several lines: the asides are taken out of the whole text read so far.
    if (shape.asides) text = withoutAsides(lines.join(' '));
    if ((shape.asides ? widthOf(text, cjk) : n) >= chars) break;
  }
  // A note that is nothing but a quote opens with it.
  if (!lines.length && quoted.length) return leadText(body, { ...shape, leadingQuotes: false });
  if (!shape.asides) text = lines.join(' ');
  const max = indexAtWidth(text, chars, cjk);
  if (shape.sentenceFrom !== undefined && (shape.cjkSentence !== false || !isMostlyCjk(text))) {
    SENTENCE_END.lastIndex = indexAtWidth(text, shape.sentenceFrom, cjk);
    const end = SENTENCE_END.exec(text);
    if (end && end.index < max) return text.slice(0, end.index + 1);
  }
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return text.slice(0, cut > max / 2 ? cut : max);
}
