// Small readers for tool arguments. Each one throws an invalid_argument
// ToolError naming the argument's path, so tools read like a declaration.
import { filterError } from '../query/filter-error';
import { MAX_NESTING, tooDeepAt } from '../query/json-depth';
import { checkArgsNumbers } from '../query/json-text';
import { toolError } from './errors';

export type Args = Record<string, unknown>;

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

export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

export function optString(args: Args, key: string, opts: { nonEmpty?: boolean; maxLength?: number } = {}): string | undefined {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw toolError('invalid_argument', `${key} must be a string, got ${describe(v)}.`, key);
  if (opts.nonEmpty && v.trim() === '') throw toolError('invalid_argument', `${key} must not be empty.`, key);
  if (opts.maxLength && v.length > opts.maxLength) throw toolError('invalid_argument', `${key} is longer than ${opts.maxLength} characters.`, key);
  return v;
}

export function reqString(args: Args, key: string): string {
  const v = optString(args, key, { nonEmpty: true });
  if (v === undefined) throw toolError('invalid_argument', `${key} is required.`, key);
  return v;
}

export function optInt(args: Args, key: string, min: number, max: number, fallback: number): number {
  const v = args[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw toolError('invalid_argument', `${key} must be a whole number from ${min} to ${max}, got ${describe(v)}.`, key);
  }
  if (v < min || v > max) throw toolError('invalid_argument', `${key} must be from ${min} to ${max}, got ${v}.`, key);
  return v;
}

export function optBool(args: Args, key: string, fallback: boolean): boolean {
  const v = args[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw toolError('invalid_argument', `${key} must be true or false, got ${describe(v)}.`, key);
  return v;
}

export function optStringList(args: Args, key: string): string[] | undefined {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw toolError('invalid_argument', `${key} must be a list of strings, got ${describe(v)}.`, key);
  v.forEach((item, i) => {
    if (typeof item !== 'string') throw toolError('invalid_argument', `${key}[${i}] must be a string, got ${describe(item)}.`, `${key}[${i}]`);
  });
  return v as string[];
}

export function optEnum<T extends string>(args: Args, key: string, values: readonly T[], fallback: T): T;
export function optEnum<T extends string>(args: Args, key: string, values: readonly T[]): T | undefined;
export function optEnum<T extends string>(args: Args, key: string, values: readonly T[], fallback?: T): T | undefined {
  const v = args[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !values.includes(v as T)) {
    throw toolError('invalid_argument', `${key} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}; got ${describe(v)}.`, key);
  }
  return v as T;
}

/** The name the caller used among aliases (the first present, else the main one), so errors point at what was written. */
export function usedKey(args: Args, names: readonly string[]): string {
  return names.find((n) => args[n] !== undefined && args[n] !== null) ?? names[0];
}

/** The optional vault argument (alias `project`), with the name the caller used, for errors that point at it. */
export function optVault(args: Args): { vault?: string; vaultKey: string } {
  const vaultKey = usedKey(args, ['vault', 'project']);
  return { vault: optString(args, vaultKey), vaultKey };
}

/** First present key among aliases (`vault` / `project`). */
export function alias(args: Args, names: string[]): Args {
  const out: Args = { ...args };
  const [main, ...rest] = names;
  for (const n of rest) {
    if (out[main] === undefined && out[n] !== undefined) out[main] = out[n];
  }
  return out;
}
