// Who I am in a team space, what I subscribe to, and my pinned context (the
// notes an agent gets without asking: folders subscribed with mode inject,
// and readable notes hinted `mode_hint: inject` in folders I subscribe to).
import { optBool, optEnum, optInt, optString, reqString, optStringList } from '../args';
import { toolError } from '../errors';
import { readContents } from '../ingest/contents';
import { getIdentity, identityProblem, setIdentity } from '../team/identity';
import { becomeUser } from '../team/refresh';
import { safeSegment } from '../team/layout';
import { defineTool } from './define';
import { saveSubscriptionsFile, type SubscriptionsFileOutcome } from '../team/subscriptions-save';

export const identityTool = defineTool<{ user?: string | null; orgs?: string[] }, { user: string | null; orgs: string[] }>({
  name: 'set_identity',
  description: 'Sets (or with user null, clears) who you are in team spaces: your user id (the users/<id>/ folder) and your organisations. With no arguments, tells who you are.',
  params: [
    { name: 'user', type: 'string', description: 'Your user id; null clears the identity.' },
    { name: 'orgs', type: 'string[]', description: 'The organisations you belong to (scope_org_id values you may read).' },
    { name: 'clear', type: 'boolean', description: 'true clears the identity (the same as user null).' },
  ],
  write: true,
  // Replaces (or clears) who the user is.
  hints: { destructive: true, idempotent: true },
  parse(args) {
    const user = args.user === null || optBool(args, 'clear', false) ? null : optString(args, 'user', { nonEmpty: true, maxLength: 200 });
    return { user, orgs: optStringList(args, 'orgs') };
  },
  run({ db }, input) {
    if (input.user === null) setIdentity(db, null);
    else if (input.user !== undefined) {
      const id = { user: input.user, orgs: input.orgs ?? [] };
      const problem = identityProblem(id);
      if (problem) throw toolError('invalid_argument', problem, 'user');
      becomeUser(db, id);
    }
    const me = getIdentity(db);
    return { user: me?.user ?? null, orgs: me?.orgs ?? [] };
  },
});

interface Subscription {
  owner: string;
  folder: string;
  mode: 'search' | 'inject';
  enabled: boolean;
  /** Notes in that folder I can read. */
  notes: number;
}

function requireMe(db: Parameters<typeof getIdentity>[0]) {
  const me = getIdentity(db);
  if (!me) throw toolError('no_identity', 'Set your user id first (set_identity, Settings → Team, or kioku --user <id>).', 'user');
  return me;
}

export const subscriptionsTool = defineTool<Record<string, never>, { subscriptions: Subscription[] }>({
  name: 'subscriptions',
  description: 'Lists your subscriptions to team folders, with how many notes in each you can read.',
  params: [],
  parse: () => ({}),
  run({ db }) {
    const me = requireMe(db);
    const rows = db.all<{ owner: string; folder: string; mode: 'search' | 'inject'; enabled: number; notes: number }>(
      `SELECT s.owner, s.folder, s.mode, s.enabled,
         (SELECT COUNT(*) FROM team_notes t WHERE t.vault_id = s.vault_id AND t.owner = s.owner AND t.folder = s.folder
            AND t.entry_id NOT IN (SELECT entry_id FROM hidden_entries)) AS notes
       FROM subscriptions s WHERE s.subscriber = ? ORDER BY s.owner, s.folder`,
      [me.user],
    );
    return { subscriptions: rows.map((r) => ({ ...r, enabled: r.enabled === 1 })) };
  },
});

export const subscribeTool = defineTool<{ owner: string; folder: string; mode: 'search' | 'inject'; enabled: boolean }, { subscription: Omit<Subscription, 'notes'>; file: SubscriptionsFileOutcome }>({
  name: 'subscribe',
  description: 'Creates or updates a subscription to a team folder: search covers it (mode search), or its notes are also pinned into your context (mode inject); enabled false pauses it. Written back to users/<you>/subscriptions.yaml in the team space (file tells how).',
  params: [
    { name: 'owner_id', type: 'string', required: true, description: 'The user whose folder it is.' },
    { name: 'folder', type: 'string', required: true, description: 'The folder name.' },
    { name: 'mode', type: 'string', description: '"search" (default) or "inject".' },
    { name: 'enabled', type: 'boolean', description: 'Default true.' },
  ],
  write: true,
  // Replaces the subscription's mode and state, and rewrites subscriptions.yaml.
  hints: { destructive: true, idempotent: true },
  parse(args) {
    const owner = reqString(args, 'owner_id');
    const folder = reqString(args, 'folder');
    if (!safeSegment(owner)) throw toolError('invalid_argument', `owner_id ${JSON.stringify(owner)} is not a user id.`, 'owner_id');
    if (!safeSegment(folder)) throw toolError('invalid_argument', `folder ${JSON.stringify(folder)} is not a folder name.`, 'folder');
    return { owner, folder, mode: optEnum(args, 'mode', ['search', 'inject'] as const, 'search'), enabled: optBool(args, 'enabled', true) };
  },
  async run({ db, services, now }, input) {
    const me = requireMe(db);
    const vault = db.get<{ vault_id: number }>('SELECT vault_id FROM team_notes WHERE owner = ? AND folder = ? LIMIT 1', [input.owner, input.folder]);
    if (!vault) {
      const known = db.get('SELECT 1 FROM team_notes WHERE owner = ? LIMIT 1', [input.owner]);
      throw toolError('invalid_argument', known ? `${input.owner} has no folder ${JSON.stringify(input.folder)}.` : `No user ${JSON.stringify(input.owner)} in any team space.`, known ? 'folder' : 'owner_id');
    }
    db.run(
      `INSERT INTO subscriptions (vault_id, subscriber, owner, folder, mode, enabled) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (vault_id, subscriber, owner, folder) DO UPDATE SET mode = excluded.mode, enabled = excluded.enabled`,
      [vault.vault_id, me.user, input.owner, input.folder, input.mode, input.enabled ? 1 : 0],
    );
    const file = await saveSubscriptionsFile(db, services.disk, vault.vault_id, me.user, now());
    return { subscription: { owner: input.owner, folder: input.folder, mode: input.mode, enabled: input.enabled }, file };
  },
});

export const PINNED_LIMIT = 32 * 1024;

export const pinnedContextTool = defineTool<{ maxBytes: number }, { bundle: string; notes: string[]; left_out: { note: string; bytes: number }[]; bytes: number; limit: number }>({
  name: 'pinned_context',
  description: 'Your pinned context as one Markdown bundle: notes of folders subscribed with mode inject, and readable notes marked mode_hint: inject in folders you subscribe to. Bounded in size; notes that did not fit are listed.',
  params: [{ name: 'max_bytes', type: 'integer', description: `Size limit of the bundle in bytes (default ${PINNED_LIMIT}, up to 1,000,000).` }],
  parse: (args) => ({ maxBytes: optInt(args, 'max_bytes', 256, 1_000_000, PINNED_LIMIT) }),
  run({ db }, input) {
    const me = requireMe(db);
    const rows = db.all<{ entry_id: number; owner: string; folder: string; file: string }>(
      `SELECT t.entry_id, t.owner, t.folder, t.file FROM team_notes t JOIN subscriptions s
         ON s.vault_id = t.vault_id AND s.owner = t.owner AND s.folder = t.folder AND s.subscriber = ? AND s.enabled = 1
       WHERE (s.mode = 'inject' OR t.mode_hint = 'inject') AND t.entry_id NOT IN (SELECT entry_id FROM hidden_entries)
       ORDER BY t.owner, t.folder, t.file`,
      [me.user],
    );
    const enc = new TextEncoder();
    const parts: string[] = [];
    const notes: string[] = [];
    const leftOut: { note: string; bytes: number }[] = [];
    let bytes = 0;
    for (const r of rows) {
      const c = readContents(db, r.entry_id) ?? { head: '', body: '' };
      const name = `${r.owner}/${r.folder}/${r.file}`;
      const section = `## ${name}\n\n${(c.head + c.body).trimEnd()}\n`;
      const size = enc.encode(section).length + (parts.length ? 1 : 0);
      if (bytes + size > input.maxBytes) {
        leftOut.push({ note: name, bytes: size });
        continue;
      }
      parts.push(section);
      notes.push(name);
      bytes += size;
    }
    return { bundle: parts.join('\n'), notes, left_out: leftOut, bytes, limit: input.maxBytes };
  },
});
