// Browsing aids for the UI and agents: the folders of a vault (for the folder
// tree that sets path_prefix) and the tags in use (for tag: completion).
import { VISIBLE, visibleId } from '../team/sql';
import { optInt, optString, optVault } from '../args';
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

export const foldersTool = defineTool<{ vault?: string; vaultKey: string }, { folders: FolderInfo[] }>({
  name: 'folders',
  aliases: ['list_directory'],
  description: 'Lists the folders of a vault (or all vaults) with how many notes and files each holds directly. Subtrees can then be searched with path_prefix.',
  params: [{ name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' }],
  parse(raw) {
    return optVault(raw);
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
    return { folders };
  },
});

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
