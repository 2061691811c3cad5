// Splits a note into its YAML frontmatter block and body, and parses the YAML
// under the 1.2 core schema: `yes` stays a string, `2024-06-01` stays the
// string "2024-06-01", ints/floats/booleans/null/lists/maps stay typed.
import { parseDocument, isMap, isScalar, visit, type Document } from 'yaml';
import type { Problem, ProblemCode } from './problems';
import { MAX_NESTING, tooDeepAt } from '../query/json-depth';

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

/** Problems after which a note has no frontmatter values: a write that would cause one is refused. */
export const UNREADABLE_FRONTMATTER: ReadonlySet<ProblemCode> = new Set(['frontmatter_invalid', 'frontmatter_not_a_map', 'frontmatter_duplicate_key', 'frontmatter_too_deep']);

/**
 * Above this estimated depth the YAML is not parsed at all: the parser
 * recurses per level and overflows the call stack at about 900 levels in
 * Node (fewer in a Web Worker), which would surface as a misleading "invalid
 * YAML". Well above MAX_NESTING, so the estimate's slack (indented lines of
 * a literal block count as levels) never refuses readable frontmatter.
 */
const PARSE_DEPTH_LIMIT = 4 * MAX_NESTING;

/**
 * An upper bound of the YAML's nesting, and the line where it passes
 * `limit` (null: never): block levels are the stack of deeper
 * indentations (and `- ` markers that open a list on the same line), flow
 * levels the open [ and { outside quotes. Linear, no parsing.
 */
function depthBeyond(yaml: string, limit: number): number | null {
  const indents: number[] = [];
  let flow = 0;
  // Lines of a literal or folded block scalar (`key: |`) are text, however indented.
  let scalarAbove = -1;
  const lines = yaml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent);
    if (scalarAbove >= 0 && (rest.trim() === '' || indent > scalarAbove)) continue;
    scalarAbove = flow === 0 && /(?:^|[:\s-])[|>][+-]?\d*[+-]?\s*(?:#.*)?$/.test(rest) ? indent : -1;
    if (flow === 0 && rest !== '' && !rest.startsWith('#')) {
      while (indents.length && indents[indents.length - 1] >= indent) indents.pop();
      indents.push(indent);
    }
    const dashes = /^(?:-[ \t]+)*/.exec(rest)![0].split('-').length - 1;
    let quote: string | null = null;
    let deepest = flow;
    for (const ch of rest) {
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '#') break;
      else if (ch === '[' || ch === '{') deepest = Math.max(deepest, ++flow);
      else if ((ch === ']' || ch === '}') && flow > 0) flow--;
    }
    if (indents.length + dashes + deepest > limit) return i;
  }
  return null;
}

function tooDeep(where: string, line: number): Problem {
  return {
    code: 'frontmatter_too_deep',
    message: `The frontmatter nests more than ${MAX_NESTING} levels of lists or maps${where ? ` (at ${where})` : ''}; Kioku reads at most ${MAX_NESTING}.`,
    action: 'Kept and indexed the body; this note has no frontmatter values until the nesting is flattened.',
    line,
  };
}

/** Parses a frontmatter block; never throws. Problems carry file line numbers. */
export function parseFrontmatter(yaml: string, yamlLine: number, problems: Problem[]): Frontmatter {
  if (yaml.trim() === '') return {};
  const deepLine = depthBeyond(yaml, PARSE_DEPTH_LIMIT);
  if (deepLine !== null) {
    problems.push(tooDeep('', deepLine + yamlLine));
    return {};
  }
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
  const fm = toFmValue(js) as Frontmatter;
  const deep = tooDeepAt(fm, '', MAX_NESTING);
  if (deep !== null) {
    problems.push(tooDeep(deep.length > 80 ? `${deep.slice(0, 80)}…` : deep, yamlLine));
    return {};
  }
  return fm;
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
