// Splits a note into the passages that get embedded: by headings, then
// paragraphs, packed up to the model's token budget, each carrying the note
// title (and its heading) so a passage is understood out of context. Pure.
import { textHash } from '../ingest/hash';
import type { ModelSpec } from './models';
import { modelReads, PASSAGE_MIN_SHARE } from './script';

export interface Chunk {
  seq: number;
  /** Heading path where the chunk starts ("Climate › Winds"), null before any heading. */
  heading: string | null;
  /** The chunk's own text, cleaned of Markdown: what a snippet shows. */
  text: string;
  /** What the model reads: title, heading and text. */
  input: string;
  /** Hash of `input`: vectors are keyed by it, so unchanged text keeps its vector. */
  hash: string;
  /** False when the text is mostly in scripts the model cannot read: it is not embedded. */
  readable: boolean;
}

export type ChunkPlan = Pick<ModelSpec, 'chunkTokens' | 'charsPerToken' | 'scripts'>;

/** A huge note is embedded up to this many chunks (about 150 KB of prose); text search covers the rest. */
export const MAX_CHUNKS_PER_NOTE = 500;

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

/**
 * Tokens a subword tokenizer makes of a text, estimated without it: a word
 * costs its length over the tokenizer's characters per token (at least 1),
 * punctuation and each CJK character 1. Calibrated on seekstone against the
 * real USE tokenizer (chunk.test.ts checks the budget holds).
 */
export function estimateTokens(text: string, charsPerToken: number): number {
  let n = 0;
  let word = 0;
  const flush = () => {
    if (word) n += Math.max(1, word / charsPerToken);
    word = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) word++;
      else {
        flush();
        if (c > 0x20) n++;
      }
      continue;
    }
    // Surrogate pairs: treat the pair as one character.
    const ch = c >= 0xd800 && c <= 0xdbff ? text.slice(i, ++i + 1) : text[i];
    if (CJK_CHAR.test(ch)) {
      flush();
      n++;
    } else if (LETTER_OR_DIGIT.test(ch)) word++;
    else {
      flush();
      if (!/\s/.test(ch)) n++;
    }
  }
  flush();
  return Math.ceil(n);
}

interface Section {
  path: string | null;
  heading: string | null;
  paragraphs: string[];
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Markdown syntax removed from one line of prose; links keep their text, URLs go. */
export function cleanInline(line: string): string {
  // Each rewrite runs only when its marker character is present: most prose lines have none.
  let s = line;
  if (s.includes('[')) {
    s = s
      .replace(/!\[\[[^\]]*\]\]/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[\[([^\]|#]*)(?:#([^\]|]*))?(?:\|([^\]]*))?\]\]/g, (_, t: string, h: string | undefined, a: string | undefined) => a ?? (t || h || ''))
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  }
  if (s.includes('<')) s = s.replace(/<https?:[^>]*>/g, ' ').replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
  if (s.includes('http')) s = s.replace(/\bhttps?:\/\/\S+/g, ' ');
  // A quote's marks, and a callout's [!type] with its fold sign (Obsidian shows the callout's title instead).
  if (/^\s{0,3}>/.test(s)) s = s.replace(/^\s{0,3}(?:>[ \t]?)+/, '').replace(/^\[![^\]]*\][+-]?\s*/, '');
  s = s.replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '');
  if (s.includes('#')) s = s.replace(/(^|\s)#(?=[\p{L}\p{N}])/gu, '$1');
  s = s.replace(/[*_~`]+/g, '');
  if (s.includes('|')) s = s.replace(/\s*\|\s*/g, ' | ').replace(/^\s*\|\s*|\s*\|\s*$/g, '');
  return s.replace(/\s+/g, ' ').trim();
}

function sectionsOf(title: string, body: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; text: string }[] = [];
  let current: Section = { path: null, heading: null, paragraphs: [] };
  let para: string[] = [];
  let fence: string | null = null;
  const endPara = () => {
    const text = para.join(' ').trim();
    if (text) current.paragraphs.push(text);
    para = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const f = FENCE.exec(line);
    if (f) {
      // Code is left to text search: sentence models read it poorly.
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      endPara();
      continue;
    }
    if (fence !== null) continue;
    const h = HEADING.exec(line);
    if (h) {
      endPara();
      if (current.paragraphs.length || current.heading) sections.push(current);
      const level = h[1].length;
      const text = cleanInline(h[2]);
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      stack.push({ level, text });
      // A top heading that repeats the title adds nothing to the path.
      const names = stack.map((s) => s.text).filter((t, i) => t && !(i === 0 && sameText(t, title)));
      current = { path: names.length ? names.join(' › ') : null, heading: names.length ? text : null, paragraphs: [] };
      continue;
    }
    if (line.trim() === '' || RULE.test(line) || TABLE_SEP.test(line)) {
      endPara();
      continue;
    }
    const text = cleanInline(line);
    if (!text) continue;
    // List items and table rows are separate thoughts: keep them apart.
    if (/^\s*([-*+]|\d+[.)])\s+|^\s*\|/.test(line)) {
      endPara();
      para.push(text);
      endPara();
    } else para.push(text);
  }
  endPara();
  if (current.paragraphs.length) sections.push(current);
  return sections;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Cuts one over-long paragraph into pieces that fit: at sentence ends, then between words. */
function splitLong(text: string, budget: number, cpt: number): string[] {
  const sentences = text.match(/[^.!?。！？]+(?:[.!?。！？]+["')\]」』]*\s*|$)/gu) ?? [text];
  const pieces: string[] = [];
  let cur = '';
  let curTokens = 0;
  const push = () => {
    if (cur.trim()) pieces.push(cur.trim());
    cur = '';
    curTokens = 0;
  };
  for (const s of sentences) {
    const t = estimateTokens(s, cpt);
    if (t > budget) {
      push();
      // A run-on sentence: cut between words (or characters for unspaced scripts).
      const units = /\s/.test(s.trim()) ? s.split(/(?<=\s)/) : [...s];
      for (const u of units) {
        const ut = estimateTokens(u, cpt);
        if (curTokens + ut > budget && cur) push();
        cur += u;
        curTokens += ut;
      }
      continue;
    }
    if (curTokens + t > budget && cur) push();
    cur += s;
    curTokens += t;
  }
  push();
  return pieces;
}

/** What the model reads for a chunk; rebuilt from stored columns when embedding. */
export function chunkInput(title: string, heading: string | null, text: string): string {
  if (!text) return title.trim();
  return `${title}${heading ? ` — ${heading}` : ''}\n${text}`;
}

export function chunkNote(title: string, body: string, plan: ChunkPlan): Chunk[] {
  const cpt = plan.charsPerToken;
  const titleTokens = estimateTokens(title, cpt);
  const out: Chunk[] = [];
  let parts: string[] = [];
  let tokens = 0;
  let heading: string | null = null;
  let budget = plan.chunkTokens;

  const flush = () => {
    const text = parts.join('\n').trim();
    parts = [];
    tokens = 0;
    if (!text || out.length >= MAX_CHUNKS_PER_NOTE) return;
    const input = chunkInput(title, heading, text);
    out.push({ seq: out.length, heading, text, input, hash: textHash(input), readable: modelReads(input, plan, PASSAGE_MIN_SHARE) });
  };
  const start = (path: string | null) => {
    heading = path;
    // The title and heading are read with every chunk; a long title still leaves room for text.
    budget = Math.max(24, plan.chunkTokens - titleTokens - (path ? estimateTokens(path, cpt) : 0) - 2);
  };

  start(null);
  for (const section of sectionsOf(title, body)) {
    const sectionTokens = section.paragraphs.reduce((n, p) => n + estimateTokens(p, cpt), 0);
    const headingTokens = section.heading ? estimateTokens(section.heading, cpt) + 1 : 0;
    if (parts.length && tokens + headingTokens + sectionTokens <= budget) {
      // A short section joins the chunk before it, under its own heading line.
      if (section.heading) parts.push(section.heading);
      parts.push(...section.paragraphs);
      tokens += headingTokens + sectionTokens;
      continue;
    }
    flush();
    start(section.path);
    for (const p of section.paragraphs) {
      const t = estimateTokens(p, cpt);
      if (t > budget) {
        flush();
        const pieces = splitLong(p, budget, cpt);
        for (let i = 0; i < pieces.length - 1; i++) {
          parts.push(pieces[i]);
          flush();
        }
        parts.push(pieces[pieces.length - 1]);
        tokens = estimateTokens(pieces[pieces.length - 1], cpt);
        continue;
      }
      if (tokens + t > budget && parts.length) flush();
      parts.push(p);
      tokens += t;
    }
  }
  flush();
  // A note with nothing but a title is still found by meaning through its title.
  if (!out.length && title.trim()) {
    const input = chunkInput(title, null, '');
    out.push({ seq: 0, heading: null, text: '', input, hash: textHash(input), readable: modelReads(input, plan, PASSAGE_MIN_SHARE) });
  }
  return out;
}
