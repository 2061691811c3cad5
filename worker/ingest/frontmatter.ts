// Splits a note into its YAML frontmatter block and body, and parses the YAML
// under the 1.2 core schema: `yes` stays a string, `2024-06-01` stays the
// string "2024-06-01", ints/floats/booleans/null/lists/maps stay typed.
import { parseDocument, isMap, isScalar, visit, type Document } from 'yaml';
import type { Problem } from './problems';

export type FmValue = string | number | boolean | null | FmValue[] | { [key: string]: FmValue };
export type Frontmatter = { [key: string]: FmValue };

export interface Split {
  /** Everything up to and including the closing delimiter line ('' when none). */
  head: string;
  /** The YAML text between the delimiters, or null when there is no block. */
  yaml: string | null;
  body: string;
  /** 1-based file line of the first YAML line (for error positions). */
  yamlLine: number;
  /** 1-based file line where the body starts. */
  bodyLine: number;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;

export function splitFrontmatter(text: string, problems: Problem[]): Split {
  if (!OPEN.test(text)) return { head: '', yaml: null, body: text, yamlLine: 0, bodyLine: 1 };
  const openLen = text.match(OPEN)![0].length;
  const rest = text.slice(openLen);
  const close = CLOSE.exec(rest);
  if (!close) {
    problems.push({
      code: 'frontmatter_unterminated',
      message: 'The frontmatter block opened with --- on line 1 is never closed.',
      action: 'Indexed the whole file as body text, with no frontmatter.',
      line: 1,
    });
    return { head: '', yaml: null, body: text, yamlLine: 0, bodyLine: 1 };
  }
  const yaml = rest.slice(0, close.index);
  const head = text.slice(0, openLen + close.index + close[0].length);
  return {
    head,
    yaml,
    body: text.slice(head.length),
    yamlLine: 2,
    bodyLine: countLines(head) + 1,
  };
}

function countLines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** The first line of a YAML error, without its position (reported separately) or final period. */
function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').replace(/\.$/, '');
}

// Duplicate keys are found by duplicateKey() below: the parser's own check
// compares every key with every other (minutes for a map of 100,000 keys).
function load(yaml: string): Document.Parsed {
  return parseDocument(yaml, {
    schema: 'core',
    intAsBigInt: true,
    uniqueKeys: false,
    prettyErrors: true,
    strict: false,
  });
}

/** The first key repeated in a map (nested maps included) and its offset in the YAML text. */
function duplicateKey(doc: Document.Parsed): { key: string; offset: number } | null {
  let found: { key: string; offset: number } | null = null;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        // Scalar keys compare by value, as YAML's uniqueness rule does; others by node.
        const k = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(k)) {
          found = { key: String(k), offset: (pair.key as { range?: [number] } | null)?.range?.[0] ?? 0 };
          return visit.BREAK;
        }
        seen.add(k);
      }
      return undefined;
    },
  });
  return found;
}

/** Parses a frontmatter block; never throws. Problems carry file line numbers. */
export function parseFrontmatter(yaml: string, yamlLine: number, problems: Problem[]): Frontmatter {
  if (yaml.trim() === '') return {};
  const doc = load(yaml);
  const dup = doc.errors.length === 0 ? duplicateKey(doc) : null;
  if (dup) {
    problems.push({
      code: 'frontmatter_duplicate_key',
      message: `The frontmatter key "${dup.key}" appears more than once.`,
      action: 'Kept the last value of the repeated key.',
      line: countLines(yaml.slice(0, dup.offset)) + yamlLine,
    });
  }
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    problems.push({
      code: 'frontmatter_invalid',
      message: `Invalid YAML in frontmatter: ${firstLine(err.message)}.`,
      action: 'Kept and indexed the body; this note has no frontmatter values until the YAML is fixed.',
      line: (err.linePos?.[0]?.line ?? 1) + yamlLine - 1,
    });
    return {};
  }
  let js: unknown;
  try {
    // mapAsMap: keys that are not strings (`? [a, b]`) stay readable.
    js = doc.toJS({ maxAliasCount: 1000, mapAsMap: true });
  } catch (e) {
    problems.push({
      code: 'frontmatter_invalid',
      message: `The frontmatter could not be read: ${firstLine((e as Error).message)}.`,
      action: 'Kept and indexed the body; this note has no frontmatter values.',
      line: yamlLine,
    });
    return {};
  }
  if (js === null || js === undefined) return {};
  if (!isMap(doc.contents)) {
    const what = Array.isArray(js) ? 'a list' : 'a single value';
    problems.push({
      code: 'frontmatter_not_a_map',
      message: `The frontmatter is ${what}, not a set of "key: value" lines.`,
      action: 'Ignored the frontmatter block and indexed the body.',
      line: yamlLine,
    });
    return {};
  }
  return toFmValue(js) as Frontmatter;
}

/** Converts YAML's JS output to JSON-safe typed values. */
function toFmValue(v: unknown): FmValue {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return wellFormed(v).normalize('NFC');
    case 'boolean':
      return v;
    case 'bigint':
      // Integers beyond 2^53 keep every digit as a string rather than silently rounding.
      return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
    case 'number':
      if (Number.isFinite(v)) return v;
      return Number.isNaN(v) ? '.nan' : v > 0 ? '.inf' : '-.inf';
  }
  if (Array.isArray(v)) return v.map(toFmValue);
  if (v instanceof Uint8Array) return `<${v.length} bytes of binary data>`;
  if (v instanceof Map) {
    const out: { [k: string]: FmValue } = {};
    for (const [k, val] of v) setKey(out, keyText(k), toFmValue(val));
    return out;
  }
  if (v instanceof Set) return [...v].map(toFmValue);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const out: { [k: string]: FmValue } = {};
    for (const [k, val] of Object.entries(v as object)) setKey(out, keyText(k), toFmValue(val));
    return out;
  }
  return String(v);
}

/**
 * `out[k] = v` with k = "__proto__" would set the prototype and drop the key;
 * every key is kept as an own property instead.
 */
export function setKey(out: { [k: string]: FmValue }, key: string, value: FmValue): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A lone surrogate (from a "\ud800" escape) cannot be stored as UTF-8; it becomes U+FFFD. */
function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function keyText(k: unknown): string {
  return (typeof k === 'string' ? wellFormed(k) : JSON.stringify(toFmValue(k))).normalize('NFC');
}
