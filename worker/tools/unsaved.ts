// Notes edited in Kioku that the folder on disk does not hold yet, and writing
// them back. An agent or the UI can list them, write them all to the folder
// (when it is open for writing), or export the vault instead.
import { unsavedNotes, writeBackEntry, type DiskStatus, type UnsavedNote } from '../platform/write-back';
import { optBool, optString, optVault } from '../args';
import { defineTool } from './define';
import { resolveVault } from '../resolve';

export const unsavedTool = defineTool<{ vault?: string; vaultKey: string }, { notes: UnsavedNote[]; total: number }>({
  name: 'unsaved_changes',
  aliases: ['unsaved'],
  description: 'Lists notes changed or created in Kioku that are not yet written to their folder on disk.',
  params: [{ name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' }],
  parse(raw) {
    return optVault(raw);
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const notes = unsavedNotes(db, vault?.name);
    return { notes, total: notes.length };
  },
});

export interface WriteBackResult {
  written: number;
  remaining: number;
  notes: { vault: string; path: string; status: DiskStatus; message: string }[];
}

export const writeBackTool = defineTool<{ vault?: string; vaultKey: string; path?: string; overwrite: boolean }, WriteBackResult>({
  name: 'write_back',
  description: 'Writes every unsaved note of a vault (or of all vaults) to its folder on disk, where the folder is open for writing. Files changed on disk meanwhile are left alone and reported.',
  params: [
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'path', type: 'string', description: 'Only this note.' },
    { name: 'overwrite', type: 'boolean', description: 'Also replace files that changed on disk since Kioku read them (default false).' },
  ],
  write: true,
  // Replaces the files on disk (with overwrite, also ones changed there since).
  hints: { destructive: true, idempotent: true },
  parse(raw) {
    return { ...optVault(raw), path: optString(raw, 'path'), overwrite: optBool(raw, 'overwrite', false) };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const disk = ctx.services.disk;
    const rows = db.all<{ id: number; vault: string; path: string }>(
      `SELECT e.id, v.name AS vault, e.path FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.dirty = 1
       ${vault ? 'AND e.vault_id = ?' : ''} ${input.path !== undefined ? 'AND e.path = ?' : ''} ORDER BY v.name, e.path`,
      [...(vault ? [vault.id] : []), ...(input.path !== undefined ? [input.path] : [])],
    );
    const notes: WriteBackResult['notes'] = [];
    for (const r of rows) {
      const out = await writeBackEntry(db, disk, r.id, ctx.now(), input.overwrite);
      notes.push({ vault: r.vault, path: r.path, ...out });
    }
    const written = notes.filter((n) => n.status === 'written').length;
    return { written, remaining: rows.length - written, notes };
  },
});
