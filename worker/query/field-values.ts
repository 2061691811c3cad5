// Reading frontmatter values for `find`: a dotted key resolved in a note's
// typed frontmatter the same way the fm table flattens it, so whatever a
// filter matches, find can show.
import type { FmValue } from '../ingest/frontmatter';

export type FmObject = { [key: string]: FmValue };

/**
 * The value at a dotted key: a literal key first (`ms.topic`), then nested
 * maps at each dot (`schema.version`), longest literal prefix first. Through a
 * list of maps (`authors.name`) the values of every element are collected.
 * undefined when absent.
 */
export function valueAt(obj: FmObject, key: string): FmValue | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, key)) return obj[key];
  for (let i = key.lastIndexOf('.'); i > 0; i = key.lastIndexOf('.', i - 1)) {
    const head = key.slice(0, i);
    if (!Object.prototype.hasOwnProperty.call(obj, head)) continue;
    const inner = valueInside(obj[head], key.slice(i + 1));
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function valueInside(v: FmValue, rest: string): FmValue | undefined {
  if (Array.isArray(v)) {
    const found: FmValue[] = [];
    for (const item of v) {
      const x = valueInside(item, rest);
      if (x === undefined) continue;
      if (Array.isArray(x)) found.push(...x);
      else found.push(x);
    }
    return found.length ? found : undefined;
  }
  if (v !== null && typeof v === 'object') return valueAt(v, rest);
  return undefined;
}

/** The frontmatter the fm table was built from: as written, plus the effective standard values. */
export function effectiveFrontmatter(row: { frontmatter: string | null; title: string; type: string | null; permalink: string | null; tags: string | null }): FmObject {
  const fm = row.frontmatter ? (JSON.parse(row.frontmatter) as FmObject) : {};
  return { ...fm, title: row.title, type: row.type, permalink: row.permalink, tags: row.tags ? (JSON.parse(row.tags) as FmValue) : [] };
}
