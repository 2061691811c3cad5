// Small readers for tool arguments. Each one throws an invalid_argument
// ToolError naming the argument as the caller wrote it, so tools read like a
// declaration. They sit below the domain (with errors.ts) so that scope and
// filter reading in search/ and query/ use them without importing tools/.
import { filterError } from './query/filter-error';
import { MAX_NESTING, tooDeepAt } from './query/json-depth';
import { checkArgsNumbers } from './query/json-text';
import { describe, toolError } from './errors';

export { describe };

export type Args = Record<string, unknown>;

/**
 * Canonical name → the alias the caller wrote, kept on the arguments object
 * under a symbol: invisible to Object.keys and JSON, but copied by a spread.
 */
const WRITTEN = Symbol('written names');

/** The name the caller wrote for a (canonical) argument, so errors point at what was written. */
export function argName(args: Args, name: string): string {
  return (args as { [WRITTEN]?: Record<string, string> })[WRITTEN]?.[name] ?? name;
}

/** Canonical arguments: each alias (declared as data) renamed to its parameter, once, before parsing. */
export function canonicalArgs(args: Args, params: readonly { name: string; aliases?: readonly string[] }[]): Args {
  const out: Args = { ...args };
  const written: Record<string, string> = {};
  for (const p of params) {
    for (const a of p.aliases ?? []) {
      if (!(a in out)) continue;
      const v = out[a];
      delete out[a];
      if (v === undefined || v === null) continue;
      const main = out[p.name];
      if (main !== undefined && main !== null) {
        // The same value under both names is harmless; two different ones would leave one ignored.
        if (JSON.stringify(main) === JSON.stringify(v)) continue;
        throw toolError('invalid_argument', `Give ${p.name} as "${p.name}" or as "${a}" (an alias), not both.`, a);
      }
      out[p.name] = v;
      written[p.name] = a;
    }
  }
  Object.defineProperty(out, WRITTEN, { value: written, enumerable: true });
  return out;
}

/** An error path that starts with a canonical argument name, restated with the name the caller wrote. */
export function writtenPath(args: Args, path: string): string {
  const head = /^[^.[]*/.exec(path)![0];
  const name = argName(args, head);
  return name === head ? path : name + path.slice(head.length);
}

export function asArgs(input: unknown): Args {
  if (input === undefined || input === null) return {};
  if (typeof input === 'string') {
    const text = input;
    try {
      input = JSON.parse(text);
    } catch {
      throw toolError('invalid_argument', 'Arguments must be a JSON object; the text given is not valid JSON.', '');
    }
    checkArgsNumbers(text);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw toolError('invalid_argument', `Arguments must be a JSON object, got ${describe(input)}.`, '');
  }
  checkNesting(input);
  return input as Args;
}

/** Refuses arguments nested deeper than MAX_NESTING, naming where the limit is passed. */
function checkNesting(args: object): void {
  const path = tooDeepAt(args, '');
  if (path === null) return;
  const message = `${path} nests more than ${MAX_NESTING} levels of lists or objects; Kioku accepts at most ${MAX_NESTING}. Flatten the value.`;
  if (/^(filters|metadata_filters)([.[]|$)/.test(path)) throw filterError(message, path, 'too_deep');
  throw toolError('invalid_argument', message, path, { reason: 'too_deep', limit: MAX_NESTING });
}

export function optString(args: Args, name: string, opts: { nonEmpty?: boolean; maxLength?: number } = {}): string | undefined {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw toolError('invalid_argument', `${key} must be a string, got ${describe(v)}.`, key);
  if (opts.nonEmpty && v.trim() === '') throw toolError('invalid_argument', `${key} must not be empty.`, key);
  if (opts.maxLength && v.length > opts.maxLength) throw toolError('invalid_argument', `${key} is longer than ${opts.maxLength} characters.`, key);
  return v;
}

export function reqString(args: Args, name: string): string {
  const v = optString(args, name, { nonEmpty: true });
  if (v === undefined) throw toolError('invalid_argument', `${name} is required.`, name);
  return v;
}

export function optInt(args: Args, name: string, min: number, max: number, fallback: number): number {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw toolError('invalid_argument', `${key} must be a whole number from ${min} to ${max}, got ${describe(v)}.`, key);
  }
  if (v < min || v > max) throw toolError('invalid_argument', `${key} must be from ${min} to ${max}, got ${v}.`, key);
  return v;
}

export function optBool(args: Args, name: string, fallback: boolean): boolean {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw toolError('invalid_argument', `${key} must be true or false, got ${describe(v)}.`, key);
  return v;
}

export function optStringList(args: Args, name: string): string[] | undefined {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw toolError('invalid_argument', `${key} must be a list of strings, got ${describe(v)}.`, key);
  v.forEach((item, i) => {
    if (typeof item !== 'string') throw toolError('invalid_argument', `${key}[${i}] must be a string, got ${describe(item)}.`, `${key}[${i}]`);
  });
  return v as string[];
}

export function optEnum<T extends string>(args: Args, key: string, values: readonly T[], fallback: T): T;
export function optEnum<T extends string>(args: Args, key: string, values: readonly T[]): T | undefined;
export function optEnum<T extends string>(args: Args, name: string, values: readonly T[], fallback?: T): T | undefined {
  const v = args[name];
  const key = argName(args, name);
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !values.includes(v as T)) {
    throw toolError('invalid_argument', `${key} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}; got ${describe(v)}.`, key);
  }
  return v as T;
}

/** The optional vault argument (alias `project`), with the name the caller used, for errors that point at it. */
export function optVault(args: Args): { vault?: string; vaultKey: string } {
  return { vault: optString(args, 'vault'), vaultKey: argName(args, 'vault') };
}
