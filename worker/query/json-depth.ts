// Nesting depth of JSON-like values, measured without recursion: a value
// nested 20,000 levels deep must be refused with a clear error, not overflow
// the call stack of whatever walks it next.
import { at } from './filter-error';

/**
 * Levels of nesting accepted in any argument: filters, $in lists and
 * frontmatter objects need a handful, so this bound is far above real use.
 */
export const MAX_NESTING = 32;

/** The path of the first list or object nested more than `limit` levels below `value`, or null. */
export function tooDeepAt(value: unknown, base: string, limit = MAX_NESTING): string | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: base, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return path;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push({ v: x, path: at(path, i), depth: depth + 1 }));
    else for (const [k, x] of Object.entries(v)) stack.push({ v: x, path: at(path, k), depth: depth + 1 });
  }
  return null;
}
