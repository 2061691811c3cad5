// The team-notes tools with their exact contracts: SearchNotes (one phrase,
// subscribed and readable notes only), ReadNote (owner/folder/file) and
// WriteNote (my own note, validated before anything is written).
import type { Db } from '../db/database';
import { optInt, optString, reqString, type Args } from '../args';
import { toolError } from '../errors';
import { readContents } from '../ingest/contents';
import { hydrateHits } from '../search/hits';
import { parseQuery } from '../search/query-syntax';
import { buildScope, readScope } from '../search/scope';
import { textMode } from '../search/text-mode';
import { getIdentity } from '../team/identity';
import { safeSegment, teamPath } from '../team/layout';
import { assertVisible } from '../team/sql';
import type { Identity } from '../team/visibility';
import { checkTeamNote } from '../team/note-rules';
import { defineTool } from './define';
import { teamBase } from '../team/subscriptions-save';
import { saveNote, type WriteNoteResult } from './write-note';

export interface TeamHit {
  owner_id: string;
  folder: string;
  file_name: string;
  title: string;
  path: string;
  vault: string;
  score: number;
  snippet: string;
}

function requireIdentity(db: Db): Identity {
  const me = getIdentity(db);
  if (!me) {
    throw toolError('no_identity', 'Kioku does not know who you are. Set your user id: Settings → Team in the app, `--user <id> --orgs <a,b>` with the kioku command, or KIOKU_USER / KIOKU_ORGS, or the set_identity tool.', 'user');
  }
  return me;
}

/** The team space a call works in: the only one, or the vault named. */
function teamVault(db: Db, name: string | undefined): { id: number; name: string; base: string } {
  const spaces = db.all<{ id: number; name: string }>(
    'SELECT id, name FROM vaults WHERE id IN (SELECT vault_id FROM team_notes UNION SELECT vault_id FROM team_spaces) ORDER BY name',
  );
  const pick = name === undefined ? (spaces.length === 1 ? spaces[0] : undefined) : spaces.find((s) => s.name === name);
  if (!pick) {
    if (!spaces.length) throw toolError('not_found', 'No team space is imported: import a folder laid out as users/<user>/notes/<folder>/<file>.md (or mark a vault as a team space).', 'vault');
    throw toolError('invalid_argument', name === undefined ? `Several team spaces exist (${spaces.map((s) => s.name).join(', ')}); pass "vault" to choose one.` : `No team space named ${JSON.stringify(name)}; team spaces: ${spaces.map((s) => s.name).join(', ')}.`, 'vault');
  }
  return { ...pick, base: teamBase(db, pick.id) };
}

function segment(args: Args, name: string, what: string, md: boolean): string {
  const v = reqString(args, name);
  if (!safeSegment(v) || (md && !/\.md$/.test(v))) {
    throw toolError('invalid_argument', `${name} must be ${what}: only letters, digits, ".", "_" and "-"${md ? ', ending in .md' : ''}, not "." or ".."; got ${JSON.stringify(v)}.`, name);
  }
  return v;
}

/** The query as one exact phrase: quotes inside it are dropped (they are not words), so no input is syntax. */
export function asPhrase(query: string): string {
  return `"${query.replace(/"/g, ' ')}"`;
}

export const searchNotesTool = defineTool<{ query: string; folder?: string; limit: number; vault?: string }, { results: string[]; hits: TeamHit[]; total: number }>({
  name: 'SearchNotes',
  description: 'Full-text search of the team notes in the folders you subscribe to that you can read. The query is searched as one phrase. Returns "owner_id/folder/file_name: title" lines in rank order.',
  params: [
    { name: 'query', type: 'string', required: true, description: 'The phrase to find ("kubernetes pod" finds those words in that order).' },
    { name: 'folder', type: 'string', description: 'Only this folder name (of any owner).' },
    { name: 'limit', type: 'integer', description: 'At most this many results, 1 to 100 (default 10).' },
    { name: 'vault', type: 'string', description: 'The team space, when several are imported.' },
  ],
  examples: [{ query: 'kubernetes pod' }, { query: 'on-call', folder: 'ops', limit: 5 }],
  parse(args) {
    const query = reqString(args, 'query');
    if (!query.trim()) throw toolError('invalid_argument', 'query must not be empty: give the phrase to find.', 'query');
    const limit = args.limit;
    if (limit !== undefined && limit !== null && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100)) {
      throw toolError('invalid_argument', `limit must be an integer from 1 to 100; got ${JSON.stringify(limit)}.`, 'limit');
    }
    const folder = args.folder === undefined || args.folder === null ? undefined : segment(args, 'folder', 'a folder name', false);
    return { query, folder, limit: optInt(args, 'limit', 1, 100, 10), vault: optString(args, 'vault') };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const me = requireIdentity(db);
    const space = teamVault(db, input.vault);
    const scopeArgs = readScope({ vault: space.name }, asPhrase(input.query));
    const sub = `e.id IN (SELECT t.entry_id FROM team_notes t JOIN subscriptions s ON s.vault_id = t.vault_id AND s.owner = t.owner AND s.folder = t.folder
      WHERE t.vault_id = ? AND s.subscriber = ? AND s.enabled = 1${input.folder ? ' AND t.folder = ?' : ''})`;
    scopeArgs.extra = { sql: sub, params: [space.id, me.user, ...(input.folder ? [input.folder] : [])] };
    const scope = buildScope(db, scopeArgs);
    const found = await textMode({ db, services: ctx.services, scope, query: parseQuery(scope.text), window: { offset: 0, limit: input.limit } });
    const hits = hydrateHits(db, found.rows, { highlight: found.highlight, markers: ['[', ']'] });
    const place = new Map(
      db.all<{ entry_id: number; owner: string; folder: string; file: string }>(
        `SELECT entry_id, owner, folder, file FROM team_notes WHERE entry_id IN (${found.rows.map(() => '?').join(',') || 'NULL'})`,
        found.rows.map((r) => r.id),
      ).map((r) => [r.entry_id, r]),
    );
    const teamHits = hits.map((h, i) => {
      const p = place.get(found.rows[i].id)!;
      return { owner_id: p.owner, folder: p.folder, file_name: p.file, title: h.title, path: h.path, vault: h.vault, score: h.score, snippet: h.snippet };
    });
    return { results: teamHits.map((h) => `${h.owner_id}/${h.folder}/${h.file_name}: ${h.title}`), hits: teamHits, total: found.total };
  },
});

export const readTeamNoteTool = defineTool<{ owner: string; folder: string; file: string; vault?: string }, { owner_id: string; folder: string; file_name: string; path: string; content: string }>({
  name: 'ReadNote',
  description: "Reads one team note, frontmatter and body exactly as stored, if you may read it (you own it, it is public, or it is shared with one of your organisations).",
  params: [
    { name: 'owner_id', type: 'string', required: true, description: 'The user whose note it is (the users/<owner_id>/ folder).' },
    { name: 'folder', type: 'string', required: true, description: 'The folder under users/<owner_id>/notes/.' },
    { name: 'file_name', type: 'string', required: true, description: 'The file name, ending in .md.' },
    { name: 'vault', type: 'string', description: 'The team space, when several are imported.' },
  ],
  examples: [{ owner_id: 'bob', folder: 'ops', file_name: 'on-call.md' }],
  parse(args) {
    return { owner: segment(args, 'owner_id', 'a user id', false), folder: segment(args, 'folder', 'a folder name', false), file: segment(args, 'file_name', 'a file name', true), vault: optString(args, 'vault') };
  },
  run({ db }, input) {
    const space = teamVault(db, input.vault);
    const path = teamPath(space.base, input.owner, input.folder, input.file);
    const e = db.get<{ id: number; path: string }>("SELECT id, path FROM entries WHERE vault_id = ? AND path = ? AND kind = 'note'", [space.id, path]);
    if (!e) throw toolError('not_found', `No note ${input.owner}/${input.folder}/${input.file} in the team space “${space.name}”.`, 'file_name');
    assertVisible(db, e, path, 'file_name');
    const c = readContents(db, e.id) ?? { head: '', body: '' };
    return { owner_id: input.owner, folder: input.folder, file_name: input.file, path, content: c.head + c.body };
  },
});

/** Checks a team note's text as the contract demands; throws naming the field to fix. */
export const writeTeamNoteTool = defineTool<{ folder: string; file: string; content: string; vault?: string }, WriteNoteResult & { owner_id: string; folder: string; file_name: string }>({
  name: 'WriteNote',
  description: 'Creates or replaces your own team note users/<you>/notes/<folder>/<file_name>. The content (YAML frontmatter + Markdown) is checked before anything is written; the folder is subscribed for you.',
  params: [
    { name: 'folder', type: 'string', required: true, description: 'Your folder: letters, digits, ".", "_", "-".' },
    { name: 'file_name', type: 'string', required: true, description: 'The file name, the same characters, ending in .md.' },
    { name: 'content', type: 'string', required: true, description: 'The whole note: YAML frontmatter (visibility private|org|public, scope_org_id for org, mode_hint search|inject, tags, title) and Markdown.' },
    { name: 'vault', type: 'string', description: 'The team space, when several are imported.' },
  ],
  examples: [{ folder: 'ops', file_name: 'on-call.md', content: '---\ntitle: On-call\nvisibility: org\nscope_org_id: acme\n---\nWho is on call this week.' }],
  write: true,
  // Replaces the note when it exists.
  hints: { destructive: true, idempotent: true },
  parse(args) {
    const content = args.content;
    if (typeof content !== 'string') throw toolError('invalid_argument', 'content must be the whole note as text (frontmatter and Markdown).', 'content');
    return { folder: segment(args, 'folder', 'a folder name', false), file: segment(args, 'file_name', 'a file name', true), content, vault: optString(args, 'vault') };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const me = requireIdentity(db);
    checkTeamNote(input.content, me);
    const space = teamVault(db, input.vault);
    const path = teamPath(space.base, me.user, input.folder, input.file);
    const existing = db.get<{ id: number; hash: string }>('SELECT id, hash FROM entries WHERE vault_id = ? AND path = ?', [space.id, path]);
    // saveNote writes the visibility row and the self-subscription with the note.
    const result = await saveNote(ctx, space.id, existing, path, input.content);
    return { ...result, owner_id: me.user, folder: input.folder, file_name: input.file };
  },
});
