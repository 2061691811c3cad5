// Visibility from team_notes alone. 0007's hidden_entries scanned every entry
// with a LIKE on its path (a note in the layout without its row yet was
// hidden), so every search carried a condition and no scope was ever "nothing
// restricts". Now each note's team_notes row is written in the same
// transaction as the note itself (worker/ingest/store.ts), the view reads only
// that small table, and a vault with no team notes has no hidden entries.
// Notes in the layout that have no row yet (imported before 0007 and never
// re-synced) get one here, derived with the rules as they stand in this
// migration, so none becomes visible on the way.
import type { Db } from '../database';
import type { Migration } from '../migrate';

const LAYOUT = /^(?:[^/]+\/)?users\/([^/]+)\/notes\/([^/]+)\/([^/]+\.md)$/;

function backfill(db: Db): void {
  const rows = db.all<{ id: number; vault_id: number; path: string; frontmatter: string | null }>(
    "SELECT id, vault_id, path, frontmatter FROM entries WHERE kind = 'note' AND path LIKE '%users/%/notes/%' AND id NOT IN (SELECT entry_id FROM team_notes)",
  );
  for (const r of rows) {
    const m = LAYOUT.exec(r.path);
    if (!m) continue;
    let fm: Record<string, unknown> = {};
    try {
      const v = JSON.parse(r.frontmatter ?? '{}');
      if (v && typeof v === 'object' && !Array.isArray(v)) fm = v;
    } catch {
      // Unreadable frontmatter: the note stays private.
    }
    const org = typeof fm.scope_org_id === 'string' && fm.scope_org_id.trim() ? fm.scope_org_id.trim() : typeof fm.scope_org_id === 'number' ? String(fm.scope_org_id) : null;
    let visibility = fm.visibility === 'public' || fm.visibility === 'org' ? fm.visibility : 'private';
    if (visibility === 'org' && !org) visibility = 'private';
    const hint = fm.mode_hint === 'search' || fm.mode_hint === 'inject' ? fm.mode_hint : null;
    db.run('INSERT INTO team_notes (entry_id, vault_id, owner, folder, file, visibility, scope_org, mode_hint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      r.id, r.vault_id, m[1], m[2], m[3], visibility, org, hint,
    ]);
  }
}

export const m0011: Migration = {
  version: 11,
  name: 'team_visibility',
  up(db) {
    backfill(db);
    db.exec(`
DROP VIEW hidden_entries;
-- Every team note the local identity may not read. No identity (NULL) means
-- not readable, never unknown.
CREATE VIEW hidden_entries AS
  SELECT t.entry_id, t.vault_id FROM team_notes t
  WHERE NOT COALESCE(
    t.owner = (SELECT user_id FROM team_identity WHERE id = 1)
    OR t.visibility = 'public'
    OR (t.visibility = 'org' AND t.scope_org IN (SELECT org FROM team_orgs)),
    0);
`);
  },
};
