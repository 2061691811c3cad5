// Dataview's file fields, which every note has: filter keys `file.<name>`,
// read from the view file_fields (migration 0012) rather than from fm, so a
// frontmatter map that happens to be called `file` never answers for them.
// file.tags is the tags key itself (with its parent-tag matching); file.etags
// the tags exactly as written.

export const FILE_FIELDS = ['name', 'folder', 'path', 'ext', 'size', 'mtime', 'tags', 'etags', 'outlinks', 'inlinks'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

const NAMES = new Set<string>(FILE_FIELDS);

/** The file field a filter key names (`file.size` → size), or null for any other key. */
export function fileField(key: string): FileField | null {
  if (!key.startsWith('file.')) return null;
  const name = key.slice(5);
  return NAMES.has(name) ? (name as FileField) : null;
}
