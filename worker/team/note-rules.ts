// What a team note may hold and who may change it, checked in the write lane
// (saveNote) for every writer: WriteNote, write_note, create_note, set_task
// and the app's editor. The owner is the users/<owner>/ path segment
// (layout.ts), so only that user may write there, and what they write must
// be a valid team note (visibility, scope_org_id of their own, mode_hint, tags).
import type { Db } from '../db/database';
import { toolError } from '../errors';
import { parseFrontmatter, splitFrontmatter } from '../ingest/frontmatter';
import type { Problem } from '../ingest/problems';
import { getIdentity } from './identity';
import { teamPlace } from './layout';
import { isTeamSpace } from './refresh';
import { VISIBILITIES, type Identity } from './visibility';

/** Refuses a write to a team note that is not the local identity's own, or that is no valid team note. */
export function assertMayWrite(db: Db, vaultId: number, path: string, text: string, argPath = 'path'): void {
  const place = teamPlace(path);
  if (!place || !isTeamSpace(db, vaultId)) return;
  const me = getIdentity(db);
  if (!me) {
    throw toolError('no_identity', `${path} is ${place.owner}'s team note, and Kioku does not know who you are. Set your user id (Settings → Team, kioku --user <id>, or KIOKU_USER) to write your own notes under users/<you>/notes/.`, argPath);
  }
  if (me.user !== place.owner) {
    throw toolError('not_owner', `${path} is ${place.owner}'s team note; only ${place.owner} may change it. Write your own under users/${me.user}/notes/ (WriteNote).`, argPath);
  }
  checkTeamNote(text, me, 'frontmatter');
}

export function checkTeamNote(content: string, me: Identity, arg = 'content'): void {
  const problems: Problem[] = [];
  const split = splitFrontmatter(content, problems);
  if (problems.length) throw toolError('invalid_argument', `${arg}: ${problems[0].message} Close the frontmatter with a line of ---.`, arg);
  const fm = split.yaml === null ? {} : parseFrontmatter(split.yaml, split.yamlLine, problems);
  if (problems.some((p) => p.code.startsWith('frontmatter'))) {
    const p = problems.find((x) => x.code.startsWith('frontmatter'))!;
    throw toolError('invalid_argument', `${arg}: the frontmatter is not valid YAML${p.line ? ` (line ${p.line})` : ''}: ${p.message}`, arg);
  }
  const visibility = fm.visibility ?? 'private';
  if (typeof visibility !== 'string' || !VISIBILITIES.includes(visibility as never)) {
    throw toolError('invalid_argument', `visibility must be private, org or public; got ${JSON.stringify(visibility)}.`, `${arg}.visibility`);
  }
  if (visibility === 'org') {
    const org = fm.scope_org_id;
    if (org === undefined || org === null || String(org).trim() === '') throw toolError('invalid_argument', 'visibility: org needs scope_org_id: the organisation that may read the note.', `${arg}.scope_org_id`);
    if (!me.orgs.includes(String(org))) {
      throw toolError('invalid_argument', `scope_org_id ${JSON.stringify(org)} is not one of your organisations (${me.orgs.join(', ') || 'none set'}); share with one you belong to.`, `${arg}.scope_org_id`);
    }
  }
  if (fm.mode_hint !== undefined && fm.mode_hint !== 'search' && fm.mode_hint !== 'inject') {
    throw toolError('invalid_argument', `mode_hint must be search or inject; got ${JSON.stringify(fm.mode_hint)}.`, `${arg}.mode_hint`);
  }
  if (fm.tags !== undefined && !(Array.isArray(fm.tags) && fm.tags.every((t) => typeof t === 'string'))) {
    throw toolError('invalid_argument', `tags must be a list of strings, e.g. [ops, k8s]; got ${JSON.stringify(fm.tags)}.`, `${arg}.tags`);
  }
  if (fm.title !== undefined && typeof fm.title !== 'string') throw toolError('invalid_argument', `title must be text; got ${JSON.stringify(fm.title)}.`, `${arg}.title`);
}

