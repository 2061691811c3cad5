// Frontmatter values requested with `fields: [...]`, read from the stored
// frontmatter JSON (typed: numbers stay numbers), null where missing.
import type { FmValue, Frontmatter } from '../ingest/frontmatter';

/** A dotted name resolved against nested maps and literally dotted keys (`ms.topic`). */
export function fieldValue(fm: Frontmatter, name: string): FmValue | undefined {
  return walk(fm, name.split('.'));
}

function walk(obj: { [key: string]: FmValue }, segs: string[]): FmValue | undefined {
  // Longest literal key first: "ms.search.region" may be one key or nested.
  for (let k = segs.length; k >= 1; k--) {
    const key = segs.slice(0, k).join('.');
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    const v = obj[key];
    if (k === segs.length) return v;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const inner = walk(v, segs.slice(k));
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The standard keys have effective values even when the frontmatter omits them. */
export interface StandardValues {
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
}

export function fieldValues(fm: Frontmatter | null, standard: StandardValues, names: readonly string[]): Record<string, FmValue> {
  const out: Record<string, FmValue> = {};
  for (const name of names) {
    const v = fm ? fieldValue(fm, name) : undefined;
    if (v !== undefined) out[name] = v;
    else if (name in standard && fm) out[name] = standard[name as keyof StandardValues] as FmValue;
    else out[name] = null;
  }
  return out;
}
