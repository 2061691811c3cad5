// Dataview inline fields: `key:: value` as a line of its own (after an
// optional list marker, task box or quote marker), and `[key:: value]` or
// `(key:: value)` inside text. Values are typed as Dataview types them
// (numbers, booleans; dates and links stay the text written), and a value
// with top-level commas is a list (`a, b`).
import type { FmValue } from './frontmatter';
import { KEY_CHARS, notKeyChars } from '../query/key-chars';

export interface InlineField {
  /** The key as filters name it: as written when it is letters, digits, '_' and '-'; else Dataview's form (lower case, blanks → '-'). */
  key: string;
  /** The key as written. */
  written: string;
  value: FmValue;
  line: number;
  form: 'line' | 'bracket' | 'paren';
}

// A key starts with a letter, digit or emoji (Dataview reads `🎯:: ship`).
const KEY = new RegExp(`^[\\p{L}\\p{N}\\p{Emoji_Presentation}][${KEY_CHARS}_\\- /.]{0,79}$`, 'u');
const PLAIN_KEY = new RegExp(`^[${KEY_CHARS}_-]+$`, 'u');
const NOT_KEY = notKeyChars('_-');
const WRAPPED = /^(\*\*|__|\*|_)(.+)\1$/;
// `key:: value` at the start of a line, after `>` quote markers, a list marker or a task box.
const FULL_LINE = /^\s*(?:>\s*)*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[.\]\s+)?([^\[\]()`:]+?)::(.*)$/u;
const NUMBER = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** The fields of one prose line (code already blanked), appended to `out`. */
export function fieldsInLine(line: string, lineNo: number, out: InlineField[], shown = line): void {
  const colons = line.indexOf('::');
  if (colons < 0) return;
  const full = FULL_LINE.exec(line);
  if (full) {
    const key = fieldKey(full[1]);
    if (key) {
      // The key cannot hold ':' (FULL_LINE), so its '::' is the line's first. The value keeps its inline code, as Dataview reads it.
      out.push({ ...key, value: typedValue(shown.slice(colons + 2)), line: lineNo, form: 'line' });
      return;
    }
  }
  for (let i = line.indexOf('[') < 0 ? line.indexOf('(') : 0; i >= 0 && i < line.length; i++) {
    const open = line[i];
    if (open !== '[' && open !== '(') continue;
    if (open === '[' && (line[i + 1] === '[' || line[i - 1] === '[')) continue; // a [[wikilink]]
    const field = bracketed(line, i);
    if (!field) continue;
    const key = fieldKey(field.key);
    if (!key) continue;
    out.push({ ...key, value: typedValue(shown.slice(field.valueStart, field.end)), line: lineNo, form: open === '[' ? 'bracket' : 'paren' });
    i = field.end;
  }
}

/** `[key:: value]` or `(key:: value)` opening at `start`: brackets nest, [[links]] included. */
function bracketed(line: string, start: number): { key: string; value: string; valueStart: number; end: number } | null {
  const open = line[start];
  const close = open === '[' ? ']' : ')';
  const sep = line.indexOf('::', start + 1);
  if (sep < 0) return null;
  const key = line.slice(start + 1, sep);
  if (/[\[\]()]/.test(key)) return null;
  let depth = 0;
  for (let j = sep + 2; j < line.length; j++) {
    const c = line[j];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      if (depth === 0) return c === close ? { key, value: line.slice(sep + 2, j), valueStart: sep + 2, end: j } : null;
      depth--;
    }
  }
  return null;
}

function fieldKey(raw: string): { key: string; written: string } | null {
  let written = raw.trim();
  const w = WRAPPED.exec(written);
  if (w) written = w[2].trim();
  if (!KEY.test(written)) return null;
  written = written.normalize('NFC');
  if (PLAIN_KEY.test(written)) return { key: written, written };
  const key = written.toLowerCase().replace(/\s+/g, '-').replace(NOT_KEY, '');
  return key ? { key, written } : null;
}

/** A Dataview value: a list when it has top-level commas, else one scalar. */
export function typedValue(raw: string): FmValue {
  const text = raw.trim();
  if (text === '') return null;
  const parts = splitTopLevel(text);
  if (parts.length > 1) return parts.filter((p) => p !== '').map(scalar);
  return scalar(text);
}

function scalar(text: string): FmValue {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1).normalize('NFC');
  if (NUMBER.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && (Number.isSafeInteger(n) || !/^[+-]?\d+$/.test(text))) return n;
  }
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return text.normalize('NFC');
}

/** Splits at commas outside [[links]], brackets and quotes. */
function splitTopLevel(text: string): string[] {
  if (!text.includes(',')) return [text];
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '[' || c === '(') depth++;
    else if ((c === ']' || c === ')') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(text.slice(from).trim());
  return out;
}

/** The kind of a value as read_note shows it: Dataview's names, dates and links told apart from text. */
export function valueKind(v: FmValue): 'number' | 'boolean' | 'date' | 'link' | 'text' | 'list' | 'null' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v !== 'string') return 'text';
  if (/^\d{4}-\d{2}-\d{2}/.test(v)) return 'date';
  if (/^!?\[\[[^\]]+\]\]$/.test(v)) return 'link';
  return 'text';
}
