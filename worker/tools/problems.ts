import { optInt, optVault } from '../args';
import { defineTool } from './define';
import { resolveVault } from '../resolve';

export interface ProblemsResult {
  problems: { vault: string; path: string; code: string; message: string; action: string; line: number | null }[];
  total: number;
}

export const problemsTool = defineTool<{ vault?: string; vaultKey: string; limit: number }, ProblemsResult>({
  name: 'problems',
  aliases: ['import_problems'],
  description: 'Lists what was wrong with imported files (bad YAML, invalid UTF-8, huge notes, …) and what Kioku did about it.',
  params: [
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'limit', type: 'integer', description: 'At most this many (default 1000).' },
  ],
  parse(raw) {
    return { ...optVault(raw), limit: optInt(raw, 'limit', 1, 100_000, 1000) };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    // A team note the local identity may not read has no problems to show either: its path is not theirs to see.
    const hidden = 'NOT EXISTS (SELECT 1 FROM hidden_entries h JOIN entries x ON x.id = h.entry_id WHERE x.vault_id = p.vault_id AND x.path = p.path)';
    const where = vault ? `WHERE p.vault_id = ? AND ${hidden}` : `WHERE ${hidden}`;
    const params = vault ? [vault.id] : [];
    const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM problems p ${where}`, params)!.n;
    const problems = db.all<ProblemsResult['problems'][number]>(
      `SELECT v.name AS vault, p.path, p.code, p.message, p.action, p.line FROM problems p JOIN vaults v ON v.id = p.vault_id ${where}
       ORDER BY v.name, p.path, p.id LIMIT ?`,
      [...params, input.limit],
    );
    return { problems, total };
  },
});
