import type { Db } from '../db/database';
import { readContents } from '../ingest/contents';
import { setKey, type Frontmatter } from '../ingest/frontmatter';
import { readInlineMeta } from '../ingest/inline-meta';
import { valueKind } from '../ingest/inline-fields';
import { MAX_INDEXED_CHARS } from '../ingest/note';
import { assertionsOf, type TemporalJson } from '../query/valid-time';
import { optInt, optVault, reqString } from '../args';
import { defineTool } from './define';
import { linkingRows, resolveLinkFrom } from '../search/links';
import { resolveNoteRef, resolveVault, withoutMemoryScheme, type EntryRow } from '../resolve';
import { assertVisible } from '../team/sql';
import { withoutTags } from '../search/item-hits';

export interface NoteLink {
  type: string;
  target: string;
  context: string | null;
  line: number;
  /** The note the link points at, when it exists (several notes answering to it: the one in this note's top folder). */
  resolved: { vault: string; path: string; title: string } | null;
  /** When several notes answer to the link and none is in this note's top folder: them, and resolved is null. */
  candidates?: { vault: string; path: string; title: string }[];
}

export interface InlineFieldView {
  key: string;
  /** The key as written, when filters name it otherwise (`Last Reviewed` → last-reviewed). */
  written_key?: string;
  value: Frontmatter[string];
  kind: ReturnType<typeof valueKind>;
  line: number;
  form: 'line' | 'bracket' | 'paren';
  overridden?: true;
}

export interface ReadNoteResult {
  vault: string;
  path: string;
  kind: 'note' | 'file';
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
  frontmatter: Frontmatter;
  /** The `schema` key as written (Basic Memory's note schema), null when absent. */
  schema: Frontmatter[string] | null;
  /** Every key but the standard ones (title, type, tags, permalink, schema), with its type: Basic Memory's entity_metadata. */
  entity_metadata: Frontmatter;
  /** The frontmatter block exactly as written, delimiters included ('' when none). */
  frontmatter_raw: string;
  /** Tags written in the body (#tag), a part of `tags`. */
  inline_tags: string[];
  /** Dataview inline fields in the body, in order; `overridden`: the frontmatter sets the key too, and wins. */
  inline_fields: InlineFieldView[];
  body: string;
  body_truncated: boolean;
  /**
   * As search's observation hits give them: `content` the text without its qualifier, #tags and
   * context; `temporal` the valid-time assertions of the qualifier (empty when undated).
   */
  observations: { category: string; content: string; tags: string[]; context: string | null; line: number; temporal: TemporalJson[] }[];
  relations: NoteLink[];
  backlinks: { type: string; vault: string; path: string; title: string; line: number }[];
  problems: { code: string; message: string; action: string; line: number | null }[];
  size: number;
  modified: string;
  /** Edited in Kioku and not yet written back to the folder. */
  unsaved_to_disk: boolean;
  /** obsidian://open link to this note, for vaults imported from a folder with .obsidian/; null otherwise. */
  obsidian_uri: string | null;
}

export const readNoteTool = defineTool<{ path: string; vault?: string; vaultKey: string; maxChars: number }, ReadNoteResult>({
  name: 'read_note',
  aliases: ['read', 'bm_read_note'],
  description: 'Reads one note by vault-relative path (or permalink or title): frontmatter, body, observations, relations and backlinks.',
  params: [
    { name: 'path', type: 'string', required: true, aliases: ['identifier', 'id'], description: 'Vault-relative path such as "specs/auth-design.md"; a search hit id ("notes:specs/auth-design.md"), a permalink, an exact title or a memory:// URL ("memory://specs/auth-design", "memory://vault/specs/auth-design") also works.' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Vault name; needed only when the path exists in several vaults.' },
    { name: 'max_chars', type: 'integer', description: 'Longest body returned (default 1,000,000 characters).' },
  ],
  examples: [{ path: 'specs/auth-design.md' }],
  parse(raw) {
    return { path: reqString(raw, 'path'), ...optVault(raw), maxChars: optInt(raw, 'max_chars', 1, 100_000_000, 1_000_000) };
  },
  run({ db }, input) {
    const vault = resolveVault(db, input.vault, input.vaultKey);
    const e = resolveNoteRef(db, input.path, vault);
    assertVisible(db, e, withoutMemoryScheme(input.path));
    const content = readContents(db, e.id);
    const body = content?.body ?? '';
    const relations = db.all<{ type: string; target: string; context: string | null; line: number }>(
      'SELECT type, target, context, line FROM relations WHERE entry_id = ? ORDER BY line, id', [e.id],
    );
    const backlinks = linkingRows(db, e, 500).map(({ entry_id: _id, target: _target, context: _context, ...l }) => l);
    return {
      vault: e.vault,
      path: e.path,
      kind: e.kind,
      title: e.title,
      type: e.type,
      permalink: e.permalink,
      tags: e.tags ? JSON.parse(e.tags) : [],
      ...frontmatterParts(e.frontmatter ? JSON.parse(e.frontmatter) : {}),
      frontmatter_raw: (content?.head ?? '').replace(/^\uFEFF/, ''),
      ...inlineParts(content?.head ?? '', body, e.frontmatter ? JSON.parse(e.frontmatter) : {}),
      body: body.length > input.maxChars ? body.slice(0, input.maxChars) : body,
      body_truncated: body.length > input.maxChars,
      observations: observationsOf(db, e.id),
      relations: relations.map((r) => ({ ...r, ...resolveLinkFrom(db, e.vault_id, r.target, e.path) })),
      backlinks,
      problems: db.all('SELECT code, message, action, line FROM problems WHERE vault_id = ? AND path = ? ORDER BY id', [e.vault_id, e.path]),
      size: e.size,
      modified: new Date(e.mtime).toISOString(),
      unsaved_to_disk: e.dirty === 1,
      obsidian_uri: obsidianUri(db, e.vault_id, e.path),
    };
  },
});

/** Obsidian names a vault after its folder; its file argument is the vault path, ".md" left out. */
function obsidianUri(db: Db, vaultId: number, path: string): string | null {
  const v = db.get<{ obsidian: number; root: string | null; name: string }>('SELECT obsidian, root, name FROM vaults WHERE id = ?', [vaultId]);
  if (!v?.obsidian) return null;
  const folder = (v.root ?? v.name).replace(/[\\/]+$/, '').split(/[\\/]/).pop() || v.name;
  return `obsidian://open?vault=${encodeURIComponent(folder)}&file=${encodeURIComponent(path.replace(/\.md$/i, ''))}`;
}

function observationsOf(db: Db, entryId: number): ReadNoteResult['observations'] {
  const rows = db.all<{ id: number; category: string; content: string; tags: string; context: string | null; line: number }>(
    'SELECT id, category, content, tags, context, line FROM observations WHERE entry_id = ? ORDER BY line, id', [entryId],
  );
  const temporal = assertionsOf(db, rows.map((o) => o.id));
  return rows.map(({ id, ...o }) => ({ ...o, content: withoutTags(o.content), tags: JSON.parse(o.tags) as string[], temporal: temporal.get(id) ?? [] }));
}

const STANDARD_KEYS = new Set(['title', 'type', 'tags', 'permalink', 'schema']);

/** The frontmatter whole, and split as Basic Memory does: schema and the custom keys. */
function frontmatterParts(frontmatter: Frontmatter): { frontmatter: Frontmatter; schema: Frontmatter[string] | null; entity_metadata: Frontmatter } {
  const entity: Frontmatter = {};
  for (const [k, v] of Object.entries(frontmatter)) if (!STANDARD_KEYS.has(k)) setKey(entity, k, v);
  return { frontmatter, schema: Object.hasOwn(frontmatter, 'schema') ? frontmatter.schema : null, entity_metadata: entity };
}

/** The body's inline tags and fields, read as the import read them (the indexed part of the body). */
function inlineParts(head: string, body: string, frontmatter: Frontmatter): { inline_tags: string[]; inline_fields: InlineFieldView[] } {
  const firstLine = head.split('\n').length;
  const meta = readInlineMeta(body.length > MAX_INDEXED_CHARS ? body.slice(0, MAX_INDEXED_CHARS) : body, firstLine);
  return {
    inline_tags: meta.tags,
    inline_fields: meta.fields.map((f) => ({
      key: f.key,
      ...(f.written !== f.key ? { written_key: f.written } : {}),
      value: f.value,
      kind: valueKind(f.value),
      line: f.line,
      form: f.form,
      ...(Object.hasOwn(frontmatter, f.key) ? { overridden: true as const } : {}),
    })),
  };
}
