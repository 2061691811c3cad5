// Derives team_notes from the notes of one vault after an import or a write:
// owner, folder and file from the path, visibility from the frontmatter, and
// the import problems for values that make a note private. The local user's
// own folders found here are subscribed (mode search) the first time.
import type { Db } from '../db/database';
import { getIdentity } from './identity';
import { teamPlace } from './layout';
import { readVisibility } from './visibility';

export const TEAM_PROBLEMS = ['visibility_invalid', 'scope_org_missing', 'mode_hint_invalid'] as const;

export interface TeamSummary {
  notes: number;
  users: number;
  problems: number;
}

export function refreshTeamSpace(db: Db, vaultId: number, now = Date.now()): TeamSummary {
  const rows = db.all<{ id: number; path: string; frontmatter: string | null }>(
    "SELECT id, path, frontmatter FROM entries WHERE vault_id = ? AND kind = 'note' AND path LIKE '%users/%/notes/%'",
    [vaultId],
  );
  const users = new Set<string>();
  let problems = 0;
  db.tx(() => {
    db.run('DELETE FROM team_notes WHERE vault_id = ?', [vaultId]);
    db.run(`DELETE FROM problems WHERE vault_id = ? AND code IN (${TEAM_PROBLEMS.map(() => '?').join(', ')})`, [vaultId, ...TEAM_PROBLEMS]);
    for (const r of rows) {
      const place = teamPlace(r.path);
      if (!place) continue;
      const fm = parseFm(r.frontmatter);
      const v = readVisibility(fm.visibility, fm.scope_org_id);
      const hint = fm.mode_hint === 'search' || fm.mode_hint === 'inject' ? fm.mode_hint : null;
      db.run('INSERT INTO team_notes (entry_id, vault_id, owner, folder, file, visibility, scope_org, mode_hint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        r.id, vaultId, place.owner, place.folder, place.file, v.visibility, v.scopeOrg, hint,
      ]);
      users.add(place.owner);
      const report = (code: string, message: string, action: string) => {
        problems++;
        db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, NULL, ?)', [vaultId, r.path, code, message, action, now]);
      };
      if (v.problem) report(v.problem.code, v.problem.message, 'The note is treated as private: only its owner can read it.');
      if (fm.mode_hint !== undefined && fm.mode_hint !== null && !hint) report('mode_hint_invalid', `mode_hint is ${JSON.stringify(fm.mode_hint)}; it must be search or inject.`, 'The hint is ignored.');
    }
    autoSubscribeOwnFolders(db, vaultId);
  });
  return { notes: rows.length, users: users.size, problems };
}

/** My own folders are subscribed (mode search) unless a subscription for them already exists. */
export function autoSubscribeOwnFolders(db: Db, vaultId: number): void {
  const me = getIdentity(db);
  if (!me) return;
  db.run(
    `INSERT OR IGNORE INTO subscriptions (vault_id, subscriber, owner, folder, mode, enabled)
     SELECT DISTINCT vault_id, ?, owner, folder, 'search', 1 FROM team_notes WHERE vault_id = ? AND owner = ?`,
    [me.user, vaultId, me.user],
  );
}

/** Whether a vault is a team space: notes in the layout, or marked by the user. */
export function isTeamSpace(db: Db, vaultId: number): boolean {
  return !!db.get('SELECT 1 FROM team_notes WHERE vault_id = ? LIMIT 1', [vaultId]) || !!db.get('SELECT 1 FROM team_spaces WHERE vault_id = ?', [vaultId]);
}

function parseFm(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}
