// Vault-relative paths always use '/', keep their extension and never start with '/'.

/**
 * A "\\" is part of a name (Linux and macOS allow it in file names), not a
 * separator: sources join their segments with '/' themselves.
 */
export function toVaultPath(rel: string): string {
  return rel.replace(/^\.?\/+/, '').normalize('NFC');
}

export function nameOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function extOf(path: string): string {
  const name = nameOf(path);
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i + 1).toLowerCase();
}

/** File name without extension. */
export function stem(path: string): string {
  const name = nameOf(path);
  const i = name.lastIndexOf('.');
  return i <= 0 ? name : name.slice(0, i);
}

/** Folders skipped while walking: tool state and dot-folders are not notes. */
export const SKIPPED_FOLDERS = new Set(['.obsidian', '.git', '.trash', 'node_modules']);

export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name) || name.startsWith('.');
}

/** Dot-files (.DS_Store, .gitignore) are tool state, not content. */
export function isSkippedFile(name: string): boolean {
  return name.startsWith('.');
}
