// Which vault folders the write tools of `kioku call`, `batch` and `mcp` may
// write to: each vault's own folder, only with --allow-write.
import { existsSync } from 'node:fs';
import type { Db } from '../worker/db/database';
import { nodeDisk } from '../worker/platform/write-back-node';
import type { NoteDisk } from '../worker/platform/write-back';

/**
 * The vaults' folders as write tools see them, for call, batch and mcp alike:
 * each vault's folder is the one it was imported from (vaults.root), opened
 * for writing only with --allow-write; nodeDisk never writes outside it.
 * Closed, a write says what to type to open it.
 */
export function vaultFolders(flags: { db?: string; allowWrite: boolean }, command: 'call' | 'batch' | 'mcp', source: string): { disk: NoteDisk; open(db: Db): void } {
  const disk = nodeDisk();
  const roots = new Map<string, string>();
  const missing = new Set<string>();
  const open = (db: Db) => {
    for (const v of db.all<{ name: string; root: string }>("SELECT name, root FROM vaults WHERE source = 'node' AND root IS NOT NULL")) {
      roots.set(v.name, v.root);
      if (!existsSync(v.root)) missing.add(v.name);
      else if (flags.allowWrite) disk.set(v.name, v.root);
    }
  };
  const closedAdvice = (vault: string): string | undefined => {
    const root = roots.get(vault);
    if (root === undefined) return undefined;
    if (missing.has(vault)) return `Its folder ${root} no longer exists; index the folder that holds it now with kioku index <dir> ${source} --name ${JSON.stringify(vault)}.`;
    if (flags.allowWrite) return undefined;
    if (!flags.db) return `kioku ${command} --vault keeps its index in memory, so this change is gone when the command ends: run it with --allow-write to write to ${root}.`;
    return `Run kioku ${command} with --allow-write to write to ${root}; notes already saved in Kioku are written by: kioku call write_back '{}' ${source} --allow-write.`;
  };
  return { disk: { canWrite: (v) => disk.canWrite(v), read: (v, p) => disk.read(v, p), write: (v, p, b) => disk.write(v, p, b), closedAdvice }, open };
}
