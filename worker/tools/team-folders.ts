// What the Team panel lists: every user and folder of the team spaces that I
// can see (a folder shows when at least one of its notes is readable to me, or
// when I subscribe to it), each with my subscription; and marking a vault as a
// team space by hand.
import { optBool, reqString } from '../args';
import { toolError } from '../errors';
import { resolveVault } from '../resolve';
import { getIdentity } from '../team/identity';
import { isTeamSpace } from '../team/refresh';
import { defineTool } from './define';

export interface TeamFolder {
  vault: string;
  owner: string;
  folder: string;
  /** Notes of the folder I can read. */
  notes: number;
  /** My subscription: null when none, else its mode and whether it is on. */
  subscription: { mode: 'search' | 'inject'; enabled: boolean } | null;
}

export const teamFoldersTool = defineTool<Record<string, never>, { user: string | null; orgs: string[]; spaces: { vault: string; marked: boolean }[]; folders: TeamFolder[] }>({
  name: 'team_folders',
  description: 'Lists the team spaces, and every user and folder in them you can see, with how many of its notes you can read and your subscription to it.',
  params: [],
  parse: () => ({}),
  run({ db }) {
    const me = getIdentity(db);
    const spaces = db.all<{ vault: string; marked: number }>(
      `SELECT v.name AS vault, EXISTS (SELECT 1 FROM team_spaces s WHERE s.vault_id = v.id) AS marked FROM vaults v
       WHERE v.id IN (SELECT vault_id FROM team_notes UNION SELECT vault_id FROM team_spaces) ORDER BY v.name`,
    );
    const rows = db.all<{ vault: string; owner: string; folder: string; notes: number; mode: 'search' | 'inject' | null; enabled: number | null }>(
      `SELECT v.name AS vault, f.owner, f.folder, f.notes, s.mode, s.enabled FROM (
         SELECT t.vault_id, t.owner, t.folder, COUNT(*) FILTER (WHERE t.entry_id NOT IN (SELECT entry_id FROM hidden_entries)) AS notes
         FROM team_notes t GROUP BY t.vault_id, t.owner, t.folder) f
       JOIN vaults v ON v.id = f.vault_id
       LEFT JOIN subscriptions s ON s.vault_id = f.vault_id AND s.owner = f.owner AND s.folder = f.folder AND s.subscriber = ?
       WHERE f.notes > 0 OR s.owner IS NOT NULL
       ORDER BY v.name, f.owner, f.folder`,
      [me?.user ?? null],
    );
    return {
      user: me?.user ?? null,
      orgs: me?.orgs ?? [],
      spaces: spaces.map((s) => ({ vault: s.vault, marked: s.marked === 1 })),
      folders: rows.map((r) => ({ vault: r.vault, owner: r.owner, folder: r.folder, notes: r.notes, subscription: r.mode ? { mode: r.mode, enabled: r.enabled === 1 } : null })),
    };
  },
});

export const markTeamSpaceTool = defineTool<{ vault: string; team: boolean }, { vault: string; team_space: boolean; marked: boolean }>({
  name: 'mark_team_space',
  description: 'Marks a vault as a team space (or with team_space false, unmarks it), so WriteNote can create the first users/<you>/notes/ folder in it. A vault whose notes follow users/<user>/notes/<folder>/ is a team space anyway.',
  params: [
    { name: 'vault', type: 'string', required: true, description: 'The vault to mark.' },
    { name: 'team_space', type: 'boolean', description: 'true (default) marks it, false removes the mark.' },
  ],
  examples: [{ vault: 'team', team_space: true }],
  write: true,
  // A mark, removed again with team_space false.
  hints: { destructive: false, idempotent: true },
  parse(args) {
    const vault = reqString(args, 'vault');
    if (!vault.trim()) throw toolError('invalid_argument', 'vault must name an imported vault.', 'vault');
    return { vault, team: optBool(args, 'team_space', true) };
  },
  run({ db }, input) {
    const v = resolveVault(db, input.vault)!;
    if (input.team) db.run('INSERT OR IGNORE INTO team_spaces (vault_id) VALUES (?)', [v.id]);
    else db.run('DELETE FROM team_spaces WHERE vault_id = ?', [v.id]);
    return { vault: v.name, team_space: isTeamSpace(db, v.id), marked: input.team };
  },
});
