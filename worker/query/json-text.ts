// A filter given as JSON text. JSON.parse reads `1e400` and a 400-digit
// integer as Infinity and silently rounds 12345678901234567891 to
// 12345678901234567000; the text still holds what the user wrote, so the
// number tokens are checked here, with the path of each.
import { at, filterError } from './filter-error';
import { ToolError } from '../errors';

export function parseFilterText(text: string, base: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const reason = String((e as Error).message ?? e).replace(/^JSON\.parse: /, '');
    throw filterError(`${base} is not valid JSON (${reason}). Write an object such as {"status": "active"}.`, base, 'json_syntax');
  }
  checkNumbers(text, base);
  return value;
}

interface Frame {
  list: boolean;
  index: number;
  key: string | null;
  expectKey: boolean;
}

/** The arguments that hold a filter. */
const FILTER_ARGS = ['filters', 'metadata_filters'];
/** The arguments whose numbers are written into a note. */
const FRONTMATTER_ARGS = ['frontmatter'];

type Fail = (message: string, path: string, reason: 'not_finite' | 'lost_precision') => ToolError;

/**
 * Tool arguments given as JSON text (the CLI, agents): the numbers inside
 * their filters are checked as in a filter given as text; the tools check the
 * rest. `root` is where the arguments sit in the text ("args" in a batch line).
 */
export function checkArgsNumbers(text: string, root = ''): void {
  const under = (args: string[]) => {
    const starts = args.map((a) => (root ? `${root}.${a}` : a));
    return (p: string) => starts.some((s) => p === s || p.startsWith(`${s}.`) || p.startsWith(`${s}[`));
  };
  // A number written into a note must keep the digits the caller wrote.
  const frontmatterFail: Fail = (message, path, reason) =>
    new ToolError('invalid_argument', `Not saved: ${path}: ${message.replace(/numbers in filters/, 'frontmatter numbers').replace(/to compare it exactly/, 'to keep every digit')}`, path, { reason });
  try {
    checkNumbers(text, '', under(FILTER_ARGS));
    checkNumbers(text, '', under(FRONTMATTER_ARGS), frontmatterFail);
  } catch (e) {
    if (root && e instanceof ToolError && e.path?.startsWith(`${root}.`)) throw new ToolError(e.code, e.message, e.path.slice(root.length + 1), e.details);
    throw e;
  }
}

/** Walks valid JSON text and rejects numbers that do not survive parsing (those at paths `within` accepts). */
function checkNumbers(text: string, base: string, within: (path: string) => boolean = () => true, fail: Fail = filterError): void {
  const stack: Frame[] = [];
  const pathHere = () => {
    let p = base;
    for (const f of stack) p = f.list ? at(p, f.index) : at(p, f.key ?? '');
    return p;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.list && top.expectKey) {
        top.key = JSON.parse(text.slice(i, j + 1)) as string;
        top.expectKey = false;
      }
      i = j + 1;
    } else if (c === '{' || c === '[') {
      stack.push({ list: c === '[', index: 0, key: null, expectKey: c === '{' });
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.list) top.index++;
      else if (top) top.expectKey = true;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 1000))!;
      const path = pathHere();
      if (within(path)) checkNumber(m[0], Boolean(m[1] || m[2]), path, fail);
      i += m[0].length;
    } else i++;
  }
}

function checkNumber(token: string, fractional: boolean, path: string, fail: Fail): void {
  const n = Number(token);
  if (!Number.isFinite(n)) {
    throw fail(`${shorten(token)} is too large to be a number (it is beyond ±1.8e308); numbers in filters must be finite.`, path, 'not_finite');
  }
  if (!fractional && BigInt(token) !== BigInt(n)) {
    throw fail(
      `${token} has more digits than a number holds exactly (it would be read as ${BigInt(n)}). ` +
        `Write it as a string, "${token}", to compare it exactly.`,
      path,
      'lost_precision',
    );
  }
}

function shorten(token: string): string {
  return token.length > 24 ? `${token.slice(0, 12)}…(${token.length} digits)` : token;
}
