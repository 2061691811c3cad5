// A note's team_notes row, written with the note itself (worker/ingest/store.ts)
// in the same transaction, by the import and by every tool that saves a note:
// owner, folder and file from the path, visibility from the frontmatter, and
// the problems for values that make a note private. The local user's own
// folders are subscribed (mode search) the first time they are seen.
import type { Db } from '../db/database';
import type { Problem } from '../ingest/problems';
import { getIdentity, setIdentity } from './identity';
import { teamPlace } from './layout';
import { readVisibility, type Identity } from './visibility';

export const TEAM_PROBLEMS = ['visibility_invalid', 'scope_org_missing', 'mode_hint_invalid'] as const;

/**
 * Replaces the team_notes row of one note (none when its path is outside the
 * layout) and adds to `problems` what was wrong with its visibility.
 */
export function writeTeamRow(db: Db, entryId: number, vaultId: number, path: string, fm: Record<string, unknown>, problems: Problem[]): void {
  db.run('DELETE FROM team_notes WHERE entry_id = ?', [entryId]);
  const place = teamPlace(path);
  if (!place) return;
  const v = readVisibility(fm.visibility, fm.scope_org_id);
  const hint = fm.mode_hint === 'search' || fm.mode_hint === 'inject' ? fm.mode_hint : null;
  db.run('INSERT INTO team_notes (entry_id, vault_id, owner, folder, file, visibility, scope_org, mode_hint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    entryId, vaultId, place.owner, place.folder, place.file, v.visibility, v.scopeOrg, hint,
  ]);
  if (v.problem) problems.push({ code: v.problem.code, message: v.problem.message, action: 'The note is treated as private: only its owner can read it.' });
  if (fm.mode_hint !== undefined && fm.mode_hint !== null && !hint) {
    problems.push({ code: 'mode_hint_invalid', message: `mode_hint is ${JSON.stringify(fm.mode_hint)}; it must be search or inject.`, action: 'The hint is ignored.' });
  }
}

/** My own folders are subscribed (mode search) unless a subscription for them already exists. */
export function autoSubscribeOwnFolders(db: Db, vaultId: number, folder?: string): void {
  const me = getIdentity(db);
  if (!me) return;
  db.run(
    `INSERT OR IGNORE INTO subscriptions (vault_id, subscriber, owner, folder, mode, enabled)
     SELECT DISTINCT vault_id, ?, owner, folder, 'search', 1 FROM team_notes WHERE vault_id = ? AND owner = ?${folder === undefined ? '' : ' AND folder = ?'}`,
    folder === undefined ? [me.user, vaultId, me.user] : [me.user, vaultId, me.user, folder],
  );
}

/** Sets who the local user is and subscribes their own folders in every team space, as an import would (set_identity, the CLI's --user). */
export function becomeUser(db: Db, id: Identity): void {
  setIdentity(db, id);
  for (const v of db.column<number>('SELECT DISTINCT vault_id FROM team_notes')) autoSubscribeOwnFolders(db, v);
}

/** Whether a vault is a team space: notes in the layout, or marked by the user. */
export function isTeamSpace(db: Db, vaultId: number): boolean {
  return !!db.get('SELECT 1 FROM team_notes WHERE vault_id = ? LIMIT 1', [vaultId]) || !!db.get('SELECT 1 FROM team_spaces WHERE vault_id = ?', [vaultId]);
}
