// Browsing aids for the UI and agents: the folders of a vault (for the folder
// tree that sets path_prefix) and the tags in use (for tag: completion).
import { VISIBLE, visibleId } from '../team/sql';
import { argName, optInt, optString, optVault } from '../args';
import { folderArg } from '../search/path-rules';
import { toolError } from '../errors';
import { defineTool } from './define';
import { resolveVault } from '../resolve';
import { foldTag } from '../ingest/standard-keys';

export interface FolderInfo {
  vault: string;
  /** Vault-relative folder, '' for the root. */
  folder: string;
  /** Notes directly in this folder. */
  notes: number;
  /** Other files directly in this folder. */
  files: number;
}

export const foldersTool = defineTool<{ vault?: string; vaultKey: string; folder?: string; folderKey: string; depth?: number }, { folders: FolderInfo[] }>({
  name: 'folders',
  aliases: ['list_directory'],
  description: 'Lists the folders of a vault (or all vaults) with how many notes and files each holds directly. Subtrees can then be searched with path_prefix. folder and depth list one subtree, a few levels deep.',
  params: [
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'folder', type: 'string', aliases: ['dir_name'], description: 'Only this vault-relative folder and the folders under it ("specs", "/specs" and "specs/" alike; "" or "/" for the root, the default). A folder that holds only folders is listed too, with 0 notes and 0 files.' },
    { name: 'depth', type: 'integer', description: 'At most this many levels below folder, 1 to 100 (1: folder and the folders directly in it); default every level.' },
  ],
  foreign: {
    file_name_glob: 'folders lists folders, not files: find notes by file name with find {"filters": {"file.name": {"$contains": "meeting"}}}, or search with path_prefix.',
  },
  parse(raw) {
    const folderKey = argName(raw, 'folder');
    const given = raw.folder;
    const folder = given === undefined || given === null ? undefined : folderArg(typeof given === 'string' ? given.replace(/^\/+/, '') : given, folderKey);
    const depth = raw.depth === undefined || raw.depth === null ? undefined : optInt(raw, 'depth', 1, 100, 1);
    return { ...optVault(raw), folder, folderKey, depth };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const folders = db.all<FolderInfo>(
      `SELECT v.name AS vault, e.folder,
         COUNT(*) FILTER (WHERE e.kind = 'note') AS notes, COUNT(*) FILTER (WHERE e.kind = 'file') AS files
       FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE ${VISIBLE} ${vault ? 'AND e.vault_id = ?' : ''}
       GROUP BY e.vault_id, e.folder ORDER BY v.name, e.folder`,
      vault ? [vault.id] : [],
    );
    if (input.folder === undefined && input.depth === undefined) return { folders };
    const subtree = foldersUnder(folders, input.folder ?? '', input.depth ?? Infinity);
    if (input.folder && !subtree.length) {
      throw toolError('not_found', `No folder ${JSON.stringify(input.folder)}${vault ? ` in “${vault.name}”` : ''}; folders without ${input.folderKey} lists them all.`, input.folderKey);
    }
    return { folders: subtree };
  },
});

/**
 * The folders at most `depth` levels below `base`, the base itself included
 * (level 0). A folder that holds only folders has no row of its own; it is
 * listed with zero counts, so every level shows.
 */
function foldersUnder(rows: readonly FolderInfo[], base: string, depth: number): FolderInfo[] {
  const out = new Map<string, FolderInfo>();
  const keyOf = (vault: string, folder: string) => `${vault}\u0000${folder}`;
  for (const r of rows) {
    if (base !== '' && r.folder !== base && !r.folder.startsWith(`${base}/`)) continue;
    const below = r.folder === base ? [] : r.folder.slice(base === '' ? 0 : base.length + 1).split('/');
    for (let level = 0; level <= Math.min(below.length, depth); level++) {
      const folder = [base, ...below.slice(0, level)].filter((p) => p !== '').join('/');
      const k = keyOf(r.vault, folder);
      if (!out.has(k)) out.set(k, { vault: r.vault, folder, notes: 0, files: 0 });
    }
    if (below.length <= depth) out.set(keyOf(r.vault, r.folder), r);
  }
  return [...out.values()].sort((a, b) => (a.vault === b.vault ? (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0) : a.vault < b.vault ? -1 : 1));
}

export interface TagCount {
  tag: string;
  count: number;
}

export const tagsTool = defineTool<{ vault?: string; vaultKey: string; prefix?: string; limit: number }, { tags: TagCount[] }>({
  name: 'tags',
  aliases: ['list_tags'],
  description: 'Lists the tags in use with how many notes carry each, most used first; prefix narrows them (case-insensitive).',
  params: [
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'prefix', type: 'string', description: 'Only tags starting with this text.' },
    { name: 'limit', type: 'integer', description: 'At most this many (default 50, up to 1000).' },
  ],
  parse(raw) {
    return { ...optVault(raw), prefix: optString(raw, 'prefix', { maxLength: 200 }), limit: optInt(raw, 'limit', 1, 1000, 50) };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const params: (string | number)[] = [];
    let where = `f.key = 'tags' AND f.pos >= 0 AND f.fold IS NOT NULL AND ${visibleId('f.entry_id')}`;
    if (vault) {
      where += ' AND f.entry_id IN (SELECT id FROM entries WHERE vault_id = ?)';
      params.push(vault.id);
    }
    const prefix = input.prefix ? foldTag(input.prefix.replace(/^#/, '')) : '';
    if (prefix) {
      // A range on the (key, fold) index instead of LIKE, which would scan.
      where += ' AND f.fold >= ? AND f.fold < ?';
      params.push(prefix, prefix + '\u{10FFFF}');
    }
    const tags = db.all<TagCount>(
      `SELECT MIN(f.str) AS tag, COUNT(DISTINCT f.entry_id) AS count FROM fm f WHERE ${where}
       GROUP BY f.fold ORDER BY count DESC, tag LIMIT ?`,
      [...params, input.limit],
    );
    return { tags };
  },
});
