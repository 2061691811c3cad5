// Paths for new notes: vault-relative, ending in .md, and valid on every
// operating system the folder may be synced to. Pure, shared by create_note and
// the UI's "new note" form.
import { toVaultPath } from '../ingest/paths';
import { toolError } from '../errors';

// Characters Windows, macOS or Linux refuse in file names, and control characters.
const BAD_CHARS = /[<>:"|?*\\\u0000-\u001f\u007f]/;

/** A vault-relative path for a new note; throws invalid_argument naming the rule broken. */
export function newNotePath(raw: string, argPath = 'path'): string {
  const path = raw.trim().normalize('NFC');
  const fail = (why: string) => {
    throw toolError('invalid_argument', `${JSON.stringify(raw)} cannot be a note path: ${why}`, argPath);
  };
  if (path === '') fail('it is empty.');
  if (path.startsWith('/')) fail('give a vault-relative path, without a leading "/".');
  if (BAD_CHARS.test(path)) fail('file and folder names cannot contain < > : " | ? * \\ or control characters.');
  const parts = path.split('/');
  for (const p of parts) {
    if (p === '') fail('it has an empty folder name ("//" or a trailing "/").');
    if (p === '.' || p === '..') fail('"." and ".." are not allowed.');
    if (p.startsWith('.')) fail('names starting with "." are hidden and would not be indexed.');
    if (p !== p.trim() || p.endsWith('.')) fail('names cannot start or end with a space or end with ".".');
    // ext4, APFS, NTFS and the browser's file system all stop at 255 (bytes or UTF-16 units).
    const bytes = new TextEncoder().encode(p).length;
    if (bytes > 255) fail(`the name ${JSON.stringify(p.length > 40 ? `${p.slice(0, 40)}…` : p)} is ${bytes} bytes long; file systems allow at most 255 bytes per file or folder name.`);
  }
  if (!/\.md$/i.test(path)) fail('the file name must end with .md.');
  if (new TextEncoder().encode(path).length > 1024) fail('it is longer than 1,024 bytes.');
  return toVaultPath(path);
}

/** A file name from a title: keeps letters of every script, replaces what file systems refuse. */
export function fileNameForTitle(title: string): string {
  const name = title.normalize('NFC').replace(/[<>:"|?*\\/\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+|\.+$/g, '');
  return `${name || 'Untitled'}.md`;
}

