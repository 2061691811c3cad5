// What Kioku derives from a note's stored text has a version of its own,
// apart from the schema. Migrations change tables with frozen SQL and never
// run the live import; when the live reading of notes changes (a new inline
// syntax, another text column, a qualifier form), DERIVATION_VERSION goes up
// and every database re-reads its notes, once, the next time it opens.
import type { Db } from '../db/database';
import { rederiveGraph, rederiveNoteMetadata } from './rederive';
import { rebuildFts, rebuildLead } from '../text/fts-row';

/**
 * 1: inline #tags and Dataview fields as fm rows, shared declared permalinks
 * kept, the `meta` text column (issue 12); temporal qualifiers, assertions and
 * kg_fts (issue 13).
 * 2: fts_lead, the openings of notes (issue 16). 3: openings of 150 characters, not 300.
 * 4: one-character task statuses (`- [>]`, `- [-]`) are not observations; a bare
 * relative day (`@yesterday`) is a refused qualifier (knowledge-graph rows only).
 * 5: openings are the first sentence with asides left out (worker/text/opening.ts), not 150 characters.
 * 6: an opening mostly in CJK is its first 120 characters with asides left out, not its first sentence.
 * 7: link targets, URLs and embedded files' names in a `links` column of `fts` of their own, not in `body` (worker/text/link-text.ts).
 * 8: code blocks inside quotes and callouts (`> ```css`) are code: no inline tags, fields or links come from them (prose-lines.ts).
 * 9: entries.day, Dataview's file.day (file-day.ts; migration 0021); task lines in `tasks` (tasks.ts; migration 0022).
 * 10: tasks' created and cancelled dates, priority and recurrence (migration 0023); a fence closes only with
 * one at least as long (```` around ```), and comments (%% %%, <!-- -->) and $$ math blocks hold no tasks,
 * headings, observations or links (markdown.ts, prose-lines.ts): everything is re-read.
 * 11: indented code blocks, fences nested in list items, closing fences with nothing after them, no
 * fence with a backtick in a backtick fence's info string, and a mid-line `<!--` with no `-->` in its
 * paragraph hiding nothing, as CommonMark reads them (prose-lines.ts); an inline field's value in inline code is
 * its text, not empty (inline-fields.ts); a list item of prose before a link is no typed relation (markdown.ts);
 * tasks' dependencies (🆔, ⛔; migration 0024): everything is re-read.
 * 12: inline field keys may hold emoji, as Dataview reads them (`🎯:: ship`; inline-fields.ts): everything is re-read.
 */
export const DERIVATION_VERSION = 12;

/** The newest derivation whose changes reach beyond `fts`, `fts_lead` and the graph rows (here the inline tags and fields, file.day, tasks): a database at it or later re-reads only what changed since. */
const LAST_FULL_DERIVATION = 12;
/** The newest derivation that changed the openings (`fts_lead`). */
const LAST_LEAD_DERIVATION = 6;
/** The newest derivation that changed the main text index (`fts`: its columns or what goes in them). */
const LAST_FTS_DERIVATION = 7;
/** The newest derivation that changed the knowledge-graph rows (observations, assertions, relations, kg_fts). */
const LAST_GRAPH_DERIVATION = 4;

/** The derivation this database holds; null before migration 14 (nothing to do then). */
export function storedDerivation(db: Db): number | null {
  if (!db.column("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'derivation'").length) return null;
  return db.column<number>('SELECT version FROM derivation WHERE id = 1')[0] ?? 0;
}

/** Whether opening will re-read the notes (an earlier derivation, and notes to re-read): seconds on a large vault. */
export function derivationStale(db: Db): boolean {
  const stored = storedDerivation(db);
  return stored !== null && stored < DERIVATION_VERSION && db.get('SELECT 1 AS x FROM entries LIMIT 1') !== undefined;
}

/**
 * Re-reads every note when the database holds an older derivation, in one
 * transaction (a crash leaves the old derivation whole, and it runs again).
 * Returns whether it ran.
 */
export function rederiveIfStale(db: Db, at = Date.now()): boolean {
  const stored = storedDerivation(db);
  if (stored === null || stored >= DERIVATION_VERSION) return false;
  return db.tx(() => {
    // Read again under the write lock: another process may have done it meanwhile.
    const held = storedDerivation(db) ?? 0;
    if (held >= DERIVATION_VERSION) return false;
    if (held >= LAST_FULL_DERIVATION) {
      // rebuildFts() rebuilds the openings too.
      if (held < LAST_FTS_DERIVATION) rebuildFts(db);
      else if (held < LAST_LEAD_DERIVATION) rebuildLead(db);
      if (held < LAST_GRAPH_DERIVATION) rederiveGraph(db, at);
    } else {
      rederiveNoteMetadata(db, at);
      rederiveGraph(db, at);
      rebuildFts(db);
    }
    db.run('INSERT INTO derivation (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version', [DERIVATION_VERSION]);
    return true;
  });
}
