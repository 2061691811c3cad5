// Who may read a team-space note. Pure rules, so the SQL view hidden_entries
// (migration 0007) and the messages here say the same thing.

export type Visibility = 'private' | 'org' | 'public';
export const VISIBILITIES: readonly Visibility[] = ['private', 'org', 'public'];

export interface Identity {
  user: string;
  orgs: string[];
}

export interface NoteAccess {
  owner: string;
  visibility: Visibility;
  scopeOrg: string | null;
}

/** What the frontmatter says, with what was wrong (the note is then private). */
export function readVisibility(raw: unknown, scopeOrg: unknown): { visibility: Visibility; scopeOrg: string | null; problem?: { code: 'visibility_invalid' | 'scope_org_missing'; message: string } } {
  const org = typeof scopeOrg === 'string' && scopeOrg.trim() ? scopeOrg.trim() : typeof scopeOrg === 'number' ? String(scopeOrg) : null;
  if (raw === undefined || raw === null) return { visibility: 'private', scopeOrg: org };
  if (typeof raw !== 'string' || !VISIBILITIES.includes(raw as Visibility)) {
    return { visibility: 'private', scopeOrg: org, problem: { code: 'visibility_invalid', message: `visibility is ${JSON.stringify(raw)}; it must be one of private, org, public.` } };
  }
  if (raw === 'org' && !org) {
    return { visibility: 'private', scopeOrg: null, problem: { code: 'scope_org_missing', message: 'visibility is org but scope_org_id is missing: say which organisation may read the note.' } };
  }
  return { visibility: raw as Visibility, scopeOrg: org };
}

export function canRead(note: NoteAccess, me: Identity | null): boolean {
  if (note.visibility === 'public') return true;
  if (!me) return false;
  if (note.owner === me.user) return true;
  return note.visibility === 'org' && note.scopeOrg !== null && me.orgs.includes(note.scopeOrg);
}
