// The local user's identity, kept in the database so that every query can
// apply visibility in SQL (the hidden_entries view reads these tables).
import type { Db } from '../db/database';
import type { Identity } from './visibility';
import { safeSegment } from './layout';

export function getIdentity(db: Db): Identity | null {
  const row = db.get<{ user_id: string }>('SELECT user_id FROM team_identity WHERE id = 1');
  if (!row) return null;
  return { user: row.user_id, orgs: db.column<string>('SELECT org FROM team_orgs ORDER BY org') };
}

/** null clears the identity. Callers check the names (checkIdentity) first. */
export function setIdentity(db: Db, id: Identity | null): void {
  db.tx(() => {
    db.run('DELETE FROM team_identity');
    db.run('DELETE FROM team_orgs');
    if (!id) return;
    db.run('INSERT INTO team_identity (id, user_id) VALUES (1, ?)', [id.user]);
    for (const org of new Set(id.orgs)) db.run('INSERT INTO team_orgs (org) VALUES (?)', [org]);
  });
}

/** Why a user id or organisation cannot be used, or null. */
export function identityProblem(id: Identity): string | null {
  if (!safeSegment(id.user)) return `user id ${JSON.stringify(id.user)} must be letters, digits, ".", "_" or "-" (it is a folder name under users/).`;
  const bad = id.orgs.find((o) => !o.trim());
  return bad !== undefined ? 'organisation ids must not be empty.' : null;
}

/** "--orgs a,b" / KIOKU_ORGS="a, b" → ["a", "b"]. */
export function parseOrgs(s: string | undefined): string[] {
  return (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
}
