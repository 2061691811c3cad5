// Ranked entry ids → the hits a caller sees: identity, standard metadata,
// a snippet with the matched words marked, and requested frontmatter fields.
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';
import { fieldValues } from './fields';
import type { ModeRow } from './mode';
import { highlighter, makeSnippet, type HighlightTerm, type Highlighter } from './snippet';

export interface SearchHit {
  /** `${vault}:${path}`: pass it back in `ids` to fetch this hit again. */
  id: string;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
  score: number;
  snippet: string;
  fields?: Record<string, FmValue>;
}

export interface HitOptions {
  highlight: HighlightTerm[];
  markers: [string, string];
  fields?: readonly string[];
}

interface EntryRow {
  id: number;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string | null;
  frontmatter: string | null;
}

export function hydrateHits(db: Db, rows: readonly ModeRow[], opts: HitOptions): SearchHit[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const entries = new Map<number, EntryRow>();
  const fm = opts.fields?.length ? ', e.frontmatter' : ', NULL AS frontmatter';
  for (const e of db.all<EntryRow>(
    `SELECT e.id, e.kind, e.path, v.name AS vault, e.title, e.type, e.permalink, e.tags ${fm}
     FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id IN (${ids.map(() => '?').join(',')})`,
    ids,
  )) {
    entries.set(e.id, e);
  }
  const hl = highlighter(opts.highlight);
  const hits: SearchHit[] = [];
  for (const r of rows) {
    const e = entries.get(r.id);
    if (!e) continue;
    const tags: string[] = e.tags ? JSON.parse(e.tags) : [];
    const hit: SearchHit = {
      id: `${e.vault}:${e.path}`,
      kind: e.kind,
      path: e.path,
      vault: e.vault,
      title: e.title,
      type: e.type,
      permalink: e.permalink,
      tags,
      score: r.score,
      snippet: r.snippet ?? snippetFor(db, e, hl, opts.markers),
    };
    if (opts.fields?.length) {
      hit.fields = fieldValues(e.frontmatter ? JSON.parse(e.frontmatter) : null, { title: e.title, type: e.type, permalink: e.permalink, tags }, opts.fields);
    }
    hits.push(hit);
  }
  return hits;
}

function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string]): string {
  if (e.kind === 'file') return e.path;
  const body = db.get<{ body: string }>('SELECT body FROM contents WHERE entry_id = ?', [e.id])?.body ?? '';
  return makeSnippet(body, hl, { open: markers[0], close: markers[1] });
}
