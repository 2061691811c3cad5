// A small JSON parser that remembers where every value sits in the text, so
// the JSON filter editor can point at the exact part the engine rejected
// (error.path such as "filters.score.$between") and at syntax errors.

export interface Span {
  start: number;
  end: number;
}

export type JsonNode =
  | { kind: 'object'; span: Span; entries: { key: string; keySpan: Span; value: JsonNode }[] }
  | { kind: 'array'; span: Span; items: JsonNode[] }
  | { kind: 'scalar'; span: Span; value: string | number | boolean | null };

export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

export function parseJsonTree(text: string): JsonNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (what: string): never => {
    throw new JsonSyntaxError(i >= text.length ? `${what}, but the text ended` : `${what}, found ${JSON.stringify(text[i])}`, Math.min(i, text.length));
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail('Expected the string to be closed with "');
      i++;
    }
    if (i >= text.length) {
      i = start;
      fail('This string is never closed');
    }
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('Invalid escape in this string');
    }
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: { key: string; keySpan: Span; value: JsonNode }[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', span: { start, end: i }, entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('Expected a key in double quotes');
        const ks = i;
        const key = str();
        const keySpan = { start: ks, end: i };
        ws();
        if (text[i] !== ':') fail(`Expected ":" after the key ${JSON.stringify(key)}`);
        i++;
        entries.push({ key, keySpan, value: value() });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'object', span: { start, end: i }, entries };
        }
        fail('Expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', span: { start, end: i }, items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'array', span: { start, end: i }, items };
        }
        fail('Expected "," or "]"');
      }
    }
    if (c === '"') {
      const v = str();
      return { kind: 'scalar', span: { start, end: i }, value: v };
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
    if (!m) return fail('Expected a value (text in double quotes, a number, true, false, null, { or [)');
    i += m[0].length;
    const v = m[0] === 'true' ? true : m[0] === 'false' ? false : m[0] === 'null' ? null : Number(m[0]);
    return { kind: 'scalar', span: { start, end: i }, value: v };
  };
  const root = value();
  ws();
  if (i < text.length) fail('Expected the end of the JSON');
  return root;
}

/** The plain value of a parsed tree. */
export function treeValue(n: JsonNode): unknown {
  if (n.kind === 'scalar') return n.value;
  if (n.kind === 'array') return n.items.map(treeValue);
  const out: Record<string, unknown> = {};
  for (const e of n.entries) out[e.key] = treeValue(e.value);
  return out;
}

/** 1-based line and column of an offset. */
export function lineCol(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * Finds the part of the JSON an engine error path names. Paths join keys with
 * dots, but keys may contain dots themselves ("schema.version"), so keys are
 * matched greedily against the text that is left. Returns the deepest part
 * found (the key's span for an object member, so the mark sits on the name).
 */
export function locatePath(root: JsonNode, path: string): Span | null {
  let rest = path.replace(/^(?:filters|metadata_filters|filter)(?=$|[.[])/, '').replace(/^\./, '');
  let node = root;
  let found: Span = root.span;
  while (rest) {
    if (node.kind === 'object') {
      const matches = node.entries.filter((e) => rest === e.key || rest.startsWith(`${e.key}.`) || rest.startsWith(`${e.key}[`));
      if (!matches.length) break;
      const best = matches.reduce((a, b) => (b.key.length > a.key.length ? b : a));
      rest = rest.slice(best.key.length).replace(/^\./, '');
      node = best.value;
      found = rest ? best.value.span : { start: best.keySpan.start, end: best.value.span.end };
    } else if (node.kind === 'array') {
      const m = /^\[?(\d+)\]?\.?/.exec(rest);
      if (!m || !node.items[Number(m[1])]) break;
      node = node.items[Number(m[1])];
      found = node.span;
      rest = rest.slice(m[0].length);
    } else break;
  }
  return found;
}
