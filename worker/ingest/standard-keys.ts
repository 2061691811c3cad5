// The standard frontmatter keys and their defaults.
import type { FmValue, Frontmatter } from './frontmatter';

/** tags: a list, a comma-separated string or one string; '#' stripped, trimmed, empties and nulls dropped. */
export function normalizeTags(value: FmValue | undefined): string[] {
  if (value === null || value === undefined) return [];
  const items: FmValue[] = Array.isArray(value) ? value.flat(Infinity as 1) : typeof value === 'string' ? value.split(',') : [value];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (item === null || item === undefined || typeof item === 'object') continue;
    const tag = tagName(String(item));
    if (!tag) continue;
    const key = foldTag(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** A tag as written, without its leading '#' and surrounding blanks ('' when nothing is left). */
export function tagName(written: string): string {
  return written.trim().replace(/^#+/, '').trim();
}

/** Tags match case-insensitively after NFKC, as Obsidian users expect. */
export function foldTag(tag: string): string {
  return tag.normalize('NFKC').toLowerCase();
}

/** A permalink from a vault-relative path: `Specs/Auth Design.md` → `specs/auth-design`. */
export function derivePermalink(path: string): string {
  const noExt = path.replace(/\.(md|markdown)$/i, '');
  return noExt
    .split('/')
    .map((seg) =>
      seg
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[\s_]+/g, '-')
        .replace(/[^\p{L}\p{N}\-.]/gu, '')
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('/');
}

/** The permalink a note asks for: its frontmatter's, or one derived from its path. */
export function wantedPermalink(frontmatter: Frontmatter, path: string): string {
  return stringValue(frontmatter.permalink) ?? derivePermalink(path);
}

export function stringValue(v: FmValue | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

export function aliasesOf(fm: Frontmatter): string[] {
  const v = fm.aliases ?? fm.alias;
  if (v === null || v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x) => x !== null && typeof x !== 'object').map((x) => String(x).trim()).filter(Boolean);
}
