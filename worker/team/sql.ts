// The one SQL condition that keeps notes the local identity may not read out
// of every listing, count, search and read (view hidden_entries, migration
// 0011: over team_notes only, so a database without team notes hides nothing).
import type { Db } from '../db/database';
import { toolError } from '../errors';
import { getIdentity } from './identity';

export const VISIBLE = 'e.id NOT IN (SELECT entry_id FROM hidden_entries)';
/** The same over a column holding entry ids (fm.entry_id, …). */
export const visibleId = (column: string) => `${column} NOT IN (SELECT entry_id FROM hidden_entries)`;

/**
 * Whether anything is hidden (in one vault, when given). When nothing is, a
 * search's scope carries no visibility condition at all, so a vault that is
 * no team space is searched exactly as before team spaces existed (the text
 * ranking picks its plan by whether the scope restricts anything).
 */
export function anyHidden(db: Db, vaultId?: number): boolean {
  return vaultId === undefined
    ? !!db.get('SELECT 1 AS x FROM hidden_entries LIMIT 1')
    : !!db.get('SELECT 1 AS x FROM hidden_entries WHERE vault_id = ? LIMIT 1', [vaultId]);
}

/** The ids hidden from the local identity, for code that walks entries itself (the graph). */
export function hiddenIds(db: Db): Set<number> {
  return new Set(db.column<number>('SELECT entry_id FROM hidden_entries'));
}

/**
 * Refuses a note the local identity may not read. Found by its exact path the
 * answer says so (not_visible, or no_identity when no user id is set); found
 * any other way (title, permalink) it is simply not found, so a guess at a
 * title reveals nothing.
 */
export function assertVisible(db: Db, entry: { id: number; path: string }, ref: string, argPath = 'path'): void {
  if (!db.get('SELECT 1 FROM hidden_entries WHERE entry_id = ?', [entry.id])) return;
  const typed = ref.normalize('NFC').replace(/^\/+/, '');
  if (typed !== entry.path && typed.replace(/^[^:]*:/, '') !== entry.path) {
    throw toolError('not_found', `No note or file ${JSON.stringify(ref)}. Use a vault-relative path such as "specs/auth-design.md".`, argPath);
  }
  if (!getIdentity(db)) {
    throw toolError('no_identity', `${entry.path} is another user's note in a team space, and Kioku does not know who you are. Set your user id (Settings → Team, kioku --user <id> --orgs <a,b>, or KIOKU_USER / KIOKU_ORGS) to read the notes shared with you.`, argPath);
  }
  throw toolError('not_visible', `${entry.path} is not shared with you (its owner has not made it public or visible to one of your organisations).`, argPath);
}
