// Which file a link inside a note points at, the way Obsidian resolves
// [[name]], ![[photo.png]] and ![alt](path): a path relative to the note
// (./, ../), a path from the vault's root, a path from the note's folder,
// then any file of that name (or path ending) in the vault, preferring the
// note's own folder, then the most folders in common with it, then the
// shortest path. Names match ignoring case, and a
// note's ".md" may be left out. Links never leave the vault.
import type { Db } from '../db/database';
import { folderOf, toVaultPath } from '../ingest/paths';

export interface LinkTarget {
  path: string;
  kind: 'note' | 'file';
  title: string;
  ext: string;
  size: number;
}

/** The file part of a link as written: no #heading, ^block or |alias, %20 decoded, '/' separated. */
export function linkPath(link: string): string {
  let p = link.split('|')[0].split('#')[0].trim();
  try {
    p = decodeURIComponent(p);
  } catch {
    // A stray % is part of the name.
  }
  return p.replace(/\\/g, '/').normalize('NFC');
}

/** Joins a relative path onto a folder; null when it climbs above the vault's root. */
function join(folder: string, rel: string): string | null {
  const parts = folder ? folder.split('/') : [];
  for (const seg of rel.split('/')) {
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

const COLS = 'path, kind, title, ext, size';

export function resolveLinkTarget(db: Db, vaultId: number, fromPath: string, link: string): LinkTarget | null {
  const p = linkPath(link);
  if (!p) return null;
  const folder = folderOf(fromPath);
  // As written first (the path index answers it), then ignoring case (a scan of the vault).
  const exact = (path: string | null) =>
    path
      ? db.get<LinkTarget>(`SELECT ${COLS} FROM entries WHERE id NOT IN (SELECT entry_id FROM hidden_entries) AND vault_id = ? AND path IN (?, ? || '.md') ORDER BY path = ? DESC LIMIT 1`, [vaultId, path, path, path]) ??
        db.get<LinkTarget>(
          `SELECT ${COLS} FROM entries WHERE id NOT IN (SELECT entry_id FROM hidden_entries) AND vault_id = ? AND lower(path) IN (lower(?), lower(?) || '.md') ORDER BY lower(path) = lower(?) DESC, path LIMIT 1`,
          [vaultId, path, path, path],
        ) ??
        null
      : null;
  if (/^\.\.?\//.test(p)) return exact(join(folder, p));
  const direct = exact(toVaultPath(p)) ?? (folder ? exact(join(folder, p)) : null);
  if (direct) return direct;
  // By name anywhere: the file name must match, and so must any folders written before it.
  const tail = toVaultPath(p).toLowerCase();
  const name = tail.split('/').pop()!;
  const candidates = db.all<LinkTarget & { folder: string }>(
    `SELECT ${COLS}, folder FROM entries WHERE id NOT IN (SELECT entry_id FROM hidden_entries) AND vault_id = ? AND (lower(name) = ? OR lower(name) = ? || '.md')`,
    [vaultId, name, name],
  ).filter((c) => {
    const lp = c.path.toLowerCase();
    return lp === tail || lp === `${tail}.md` || lp.endsWith(`/${tail}`) || lp.endsWith(`/${tail}.md`);
  });
  if (!candidates.length) return null;
  // Folders in common with the linking note: in a vault holding en/ and ja/ copies, en/ links stay in en/.
  const common = (f: string) => {
    const x = f.split('/');
    const y = folder.split('/');
    let n = 0;
    while (n < x.length && n < y.length && x[n] === y[n] && x[n] !== '') n++;
    return n;
  };
  candidates.sort(
    (a, b) =>
      Number(b.folder === folder) - Number(a.folder === folder) ||
      common(b.folder) - common(a.folder) ||
      a.path.split('/').length - b.path.split('/').length ||
      a.path.length - b.path.length ||
      (a.path < b.path ? -1 : 1),
  );
  const { folder: _folder, ...best } = candidates[0];
  return best;
}
