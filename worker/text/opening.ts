// A note's opening as the `fts_lead` index holds it (issue 16): what the note
// says it is, before its long body. Encyclopedia-style notes open with an
// aside ("HISTOLOGY (Gr. histos, web, tissue, … to make to stand), the science
// which deals with the structure of the tissues …"); a fixed number of
// characters then holds the etymology and not the definition. So the opening
// is the first sentence with such asides left out. Japanese notes often open
// with a formula their sibling pages share ("この記事では、…について説明します。"),
// so an opening mostly in CJK is its first 120 characters instead (both
// measured in docs/search-text.md: `npm run eval:experiments lead-text`).

/** How an opening is cut: the shipped shape is LEAD_SHAPE; measurements vary it. */
export interface LeadShape {
  /** At most this many characters, cut at a word. */
  chars: number;
  /** Cut at the first sentence end at or after this many characters (none: only `chars` cuts). */
  sentenceFrom?: number;
  /** Leave out bracketed asides of more than one word (withoutAsides). */
  asides: boolean;
  /** An opening mostly in CJK (isMostlyCjk of what this shape cuts) is cut by this shape instead. */
  cjk?: LeadShape;
}

/** What derivation 5 shipped: the first sentence, 60 to 200 characters, asides left out, in every script. */
export const SENTENCE_LEAD_SHAPE: LeadShape = { chars: 200, sentenceFrom: 60, asides: true };

/** The first sentence, 60 to 200 characters, asides left out; mostly in CJK, the first 120 characters, asides left out. */
export const LEAD_SHAPE: LeadShape = { ...SENTENCE_LEAD_SHAPE, cjk: { chars: 120, asides: true } };

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
const CJK_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTERS = /\p{L}/gu;

/**
 * A quarter or more of the text's letters are CJK. A letter count, so Latin
 * product names in Japanese prose ("Dynamics 365 Finance の口座調整機能で…")
 * leave it Japanese; an English note quoting one Japanese word stays English.
 */
export function isMostlyCjk(text: string): boolean {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  return cjk > 0 && cjk * 4 >= (text.match(LETTERS)?.length ?? 0);
}

/**
 * The opening of a Markdown body: its first paragraphs (headings, fences and
 * rules left out), read until they hold `shape.chars` characters or a blank
 * line follows half of that; asides left out; then cut at the first sentence
 * end from `shape.sentenceFrom` characters on, or else at a word near
 * `shape.chars`. Mostly in CJK, it is read again with `shape.cjk`: the
 * first sentence there is often the formula sibling pages share.
 */
export function leadText(body: string, shape: LeadShape = LEAD_SHAPE): string {
  const { chars } = shape;
  const lines: string[] = [];
  let text = '';
  let n = 0;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line) {
      if ((shape.asides ? text.length : n) >= chars / 2) break;
      continue;
    }
    if (/^#{1,6}(\s|$)/.test(line) || /^(```|~~~|---)/.test(line)) continue;
    lines.push(line);
    n += line.length + 1;
    // An aside may run over several lines: the asides are taken out of the whole text read so far.
    if (shape.asides) text = withoutAsides(lines.join(' '));
    if ((shape.asides ? text.length : n) >= chars) break;
  }
  if (!shape.asides) text = lines.join(' ');
  const lead = cutLead(text, shape);
  return shape.cjk && isMostlyCjk(lead) ? leadText(body, shape.cjk) : lead;
}

/** Text read for an opening, cut at its first sentence end from `shape.sentenceFrom` on, or else at a word near `shape.chars`. */
function cutLead(text: string, shape: LeadShape): string {
  const { chars } = shape;
  if (shape.sentenceFrom !== undefined) {
    SENTENCE_END.lastIndex = shape.sentenceFrom;
    const end = SENTENCE_END.exec(text);
    if (end && end.index < chars) return text.slice(0, end.index + 1);
  }
  if (text.length <= chars) return text;
  const cut = text.lastIndexOf(' ', chars);
  return text.slice(0, cut > chars / 2 ? cut : chars);
}
