// The fields tool: every frontmatter key that can be filtered on, with value
// types, note counts, frequent values and the operators that suit it. The
// UI's filter builder and agents discover the vault's schema through it.
import { fieldStatsCached, type FieldStats } from '../query/field-stats';
import { checkKey } from '../query/keys';
import { argName, optInt, optString } from '../args';
import { defineTool } from './define';
import { ToolError, toolError } from '../errors';
import { resolveVault } from '../resolve';

export interface FieldsResult {
  /** Notes in scope (the vault, or all vaults). */
  notes: number;
  fields: FieldStats[];
}

interface FieldsInput {
  vault?: string;
  vaultKey: string;
  prefix?: string;
  limit: number;
}

export const fieldsTool = defineTool<FieldsInput, FieldsResult>({
  name: 'fields',
  aliases: ['bm_fields'],
  description: 'Lists every frontmatter field (nested ones as dotted paths), then Dataview\'s file fields (file.name, file.folder, file.size, …; marked file: true), with value types, how many notes have it, the most frequent values and the filter operators that suit it.',
  params: [
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'prefix', type: 'string', description: 'Only this key and the keys nested under it, e.g. "ms" for ms.topic, ms.date, …' },
    { name: 'limit', type: 'integer', description: 'Most frequent values to list per field, 0 to 100 (default 10).' },
  ],
  examples: [{}, { prefix: 'ms.search', limit: 5 }],
  parse(raw) {
    const prefix = optString(raw, 'prefix');
    if (prefix !== undefined && prefix !== '') {
      try {
        checkKey(prefix, 'prefix');
      } catch (e) {
        if (e instanceof ToolError) throw toolError('invalid_argument', e.message, 'prefix');
        throw e;
      }
    }
    return { vault: optString(raw, 'vault'), vaultKey: argName(raw, 'vault'), prefix: prefix?.normalize('NFC') || undefined, limit: optInt(raw, 'limit', 0, 100, 10) };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const notes = db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM entries WHERE kind = 'note' AND id NOT IN (SELECT entry_id FROM hidden_entries)${vault ? ' AND vault_id = ?' : ''}`,
      vault ? [vault.id] : [],
    )!.n;
    return { notes, fields: fieldStatsCached(db, { vaultId: vault?.id, prefix: input.prefix, limit: input.limit }) };
  },
});
