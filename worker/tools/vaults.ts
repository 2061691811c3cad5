import { defineTool } from './define';

export interface VaultInfo {
  name: string;
  root: string | null;
  source: string | null;
  notes: number;
  files: number;
  problems: number;
  /** Notes whose declared permalink another note of the vault declares too (normal in a multilingual vault; not a problem). */
  notes_sharing_permalink: number;
  import_state: string;
  imported_at: string | null;
  /** A team space (notes laid out as users/<user>/notes/<folder>/, or marked as one). */
  team_space: boolean;
}

export const vaultsTool = defineTool<Record<string, never>, { vaults: VaultInfo[] }>({
  name: 'vaults',
  aliases: ['list_vaults', 'projects', 'list_memory_projects'],
  description: 'Lists the vaults (imported folders) with their note, file and problem counts.',
  params: [],
  parse: () => ({}),
  run({ db }) {
    const rows = db.all<{ name: string; root: string | null; source: string | null; import_state: string; imported_at: number | null; notes: number; files: number; problems: number; notes_sharing_permalink: number; team_space: number }>(`
      SELECT v.name, v.root, v.source, v.import_state, v.imported_at,
        (SELECT COUNT(*) FROM entries e WHERE e.vault_id = v.id AND e.kind = 'note' AND e.id NOT IN (SELECT entry_id FROM hidden_entries)) AS notes,
        (SELECT COUNT(*) FROM entries e WHERE e.vault_id = v.id AND e.kind = 'file') AS files,
        (SELECT COUNT(*) FROM problems p WHERE p.vault_id = v.id
           AND NOT EXISTS (SELECT 1 FROM hidden_entries h JOIN entries x ON x.id = h.entry_id WHERE x.vault_id = p.vault_id AND x.path = p.path)) AS problems,
        EXISTS (SELECT 1 FROM team_notes t WHERE t.vault_id = v.id) OR EXISTS (SELECT 1 FROM team_spaces s WHERE s.vault_id = v.id) AS team_space,
        (SELECT COALESCE(SUM(n), 0) FROM (SELECT COUNT(*) AS n FROM entries e WHERE e.vault_id = v.id AND e.kind = 'note' AND e.permalink IS NOT NULL
           GROUP BY e.permalink HAVING COUNT(*) > 1)) AS notes_sharing_permalink
      FROM vaults v ORDER BY v.name`);
    return {
      vaults: rows.map((r) => ({
        ...r,
        team_space: r.team_space === 1,
        imported_at: r.imported_at ? new Date(r.imported_at).toISOString() : null,
      })),
    };
  },
});
