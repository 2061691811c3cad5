// What one entry contributes to the FTS index. The import writes through
// these two functions only, so the index's columns and text preparation can
// change in one place (with a migration that rebuilds the index).
import type { Db } from '../db/database';
import { indexText } from './index-text';

export interface FtsDoc {
  title: string;
  headings: string;
  body: string;
  tags: string;
  aliases: string;
  path: string;
}

export function pathText(path: string): string {
  return path.replace(/\.(md|markdown)$/i, '').replace(/[/_.\-]+/g, ' ');
}

export function writeFtsRow(db: Db, id: number, doc: FtsDoc): void {
  db.run('INSERT INTO fts (rowid, title, headings, body, tags, aliases, path) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    id,
    indexText(doc.title),
    indexText(doc.headings),
    indexText(doc.body),
    indexText(doc.tags),
    indexText(doc.aliases),
    indexText(pathText(doc.path)),
  ]);
}

export function deleteFtsRow(db: Db, id: number): void {
  db.run('DELETE FROM fts WHERE rowid = ?', [id]);
}
