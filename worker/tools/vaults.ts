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
}

export const vaultsTool = defineTool<Record<string, never>, { vaults: VaultInfo[] }>({
  name: 'vaults',
  aliases: ['list_vaults', 'projects', 'list_memory_projects'],
  description: 'Lists the vaults (imported folders) with their note, file and problem counts.',
  params: [],
  parse: () => ({}),
  run({ db }) {
    const rows = db.all<{ name: string; root: string | null; source: string | null; import_state: string; imported_at: number | null; notes: number; files: number; problems: number; notes_sharing_permalink: number }>(`
      SELECT v.name, v.root, v.source, v.import_state, v.imported_at,
        (SELECT COUNT(*) FROM entries e WHERE e.vault_id = v.id AND e.kind = 'note') AS notes,
        (SELECT COUNT(*) FROM entries e WHERE e.vault_id = v.id AND e.kind = 'file') AS files,
        (SELECT COUNT(*) FROM problems p WHERE p.vault_id = v.id) AS problems,
        (SELECT COALESCE(SUM(n), 0) FROM (SELECT COUNT(*) AS n FROM entries e WHERE e.vault_id = v.id AND e.kind = 'note' AND e.permalink IS NOT NULL
           GROUP BY e.permalink HAVING COUNT(*) > 1)) AS notes_sharing_permalink
      FROM vaults v ORDER BY v.name`);
    return {
      vaults: rows.map((r) => ({
        ...r,
        imported_at: r.imported_at ? new Date(r.imported_at).toISOString() : null,
      })),
    };
  },
});
