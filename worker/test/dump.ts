// A logical dump of everything an import writes, keyed by vault and path
// rather than by row ids, so two databases built in different ways (a clean
// import, or a crash followed by a re-import) can be compared for equality.
// The FTS index is dumped term by term through fts5vocab.
import type { Db } from '../db/database';

export function logicalDump(db: Db): Record<string, unknown[]> {
  const byPath = (sql: string) => db.all(sql.replace('{E}', 'JOIN entries e ON e.id = x.entry_id JOIN vaults v ON v.id = e.vault_id'));
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms USING fts5vocab(main, 'fts', 'instance')");
  return {
    vaults: db.all('SELECT name, root, source, import_state FROM vaults ORDER BY name'),
    entries: db.all(
      `SELECT v.name AS vault, e.path, e.folder, e.name, e.ext, e.kind, e.size, e.mtime, e.hash, e.title, e.type, e.permalink,
              e.tags, e.frontmatter, e.truncated, e.dirty
       FROM entries e JOIN vaults v ON v.id = e.vault_id ORDER BY vault, e.path`,
    ),
    contents: byPath('SELECT v.name AS vault, e.path, x.head, x.body FROM contents x {E} ORDER BY vault, e.path'),
    fm: byPath('SELECT v.name AS vault, e.path, x.key, x.pos, x.t, x.num, x.str, x.fold, x.bool FROM fm x {E} ORDER BY vault, e.path, x.key, x.pos, x.t'),
    observations: byPath('SELECT v.name AS vault, e.path, x.line, x.category, x.content, x.tags, x.context FROM observations x {E} ORDER BY vault, e.path, x.line'),
    relations: byPath('SELECT v.name AS vault, e.path, x.line, x.type, x.target, x.target_key, x.context FROM relations x {E} ORDER BY vault, e.path, x.line, x.target'),
    problems: db.all('SELECT v.name AS vault, p.path, p.code, p.message, p.action, p.line FROM problems p JOIN vaults v ON v.id = p.vault_id ORDER BY vault, p.path, p.code'),
    fts: db.all(
      `SELECT v.name AS vault, e.path, t.col, t.offset, t.term FROM temp.fts_terms t
       JOIN entries e ON e.id = t.doc JOIN vaults v ON v.id = e.vault_id ORDER BY vault, e.path, t.col, t.offset`,
    ),
    ftsOrphans: db.all('SELECT DISTINCT doc FROM temp.fts_terms WHERE doc NOT IN (SELECT id FROM entries)'),
  };
}

/** SQLite's own and FTS5's consistency checks; throws when either fails. */
export function checkIntegrity(db: Db): void {
  const ok = db.column<string>('PRAGMA integrity_check');
  if (ok.length !== 1 || ok[0] !== 'ok') throw new Error(`integrity_check: ${ok.join('; ')}`);
  const fk = db.all('PRAGMA foreign_key_check');
  if (fk.length) throw new Error(`foreign_key_check: ${JSON.stringify(fk)}`);
  db.run("INSERT INTO fts(fts, rank) VALUES('integrity-check', 0)");
}
