// The names of Dataview's file fields (filter keys file.<name>), plain data
// the UI's column picker reads through worker/contract.ts.
export const FILE_FIELDS = ['name', 'folder', 'path', 'ext', 'size', 'mtime', 'day', 'tags', 'etags', 'outlinks', 'inlinks'] as const;
export type FileField = (typeof FILE_FIELDS)[number];
