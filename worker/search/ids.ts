// Fetch mode: the entries named by hit ids (`vault:path`) or vault-relative
// paths, in the order given, ignoring every filter and scope argument but
// one: a note hidden from the local identity (team spaces) names nothing.
import type { Db } from '../db/database';
import { VISIBLE } from '../team/sql';

export interface IdLookup {
  /** Entry ids in the order asked, without repeats. */
  found: number[];
  /** What named nothing. */
  missing: string[];
}

export function lookupIds(db: Db, refs: readonly string[]): IdLookup {
  const vaults = db.all<{ id: number; name: string }>('SELECT id, name FROM vaults');
  const found: number[] = [];
  const seen = new Set<number>();
  const missing: string[] = [];
  for (const ref of refs) {
    const ids = resolveRef(db, vaults, ref);
    if (!ids.length) missing.push(ref);
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      found.push(id);
    }
  }
  return { found, missing };
}

function resolveRef(db: Db, vaults: { id: number; name: string }[], ref: string): number[] {
  // `vault:path`; vault names may themselves contain ':', so try each split.
  for (let i = ref.indexOf(':'); i > 0; i = ref.indexOf(':', i + 1)) {
    const vault = vaults.find((v) => v.name === ref.slice(0, i));
    if (!vault) continue;
    const row = db.get<{ id: number }>(`SELECT id FROM entries e WHERE vault_id = ? AND path = ? AND ${VISIBLE}`, [vault.id, ref.slice(i + 1).normalize('NFC')]);
    if (row) return [row.id];
  }
  // A vault-relative path: every vault that has it, by vault name.
  return db.column<number>(`SELECT e.id FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.path = ? AND ${VISIBLE} ORDER BY v.name`, [ref.normalize('NFC')]);
}
