// Reads a note's stored text (head + body = the file as decoded). Read as
// bytes: sqlite-wasm decodes text values with a TextDecoder that drops a
// leading byte-order mark, which the head keeps from the file.
import type { Db } from '../db/database';

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export interface NoteText {
  head: string;
  body: string;
}

export function readContents(db: Db, entryId: number): NoteText | undefined {
  const row = db.get<{ head: Uint8Array | null; body: Uint8Array | null }>(
    'SELECT CAST(head AS BLOB) AS head, CAST(body AS BLOB) AS body FROM contents WHERE entry_id = ?',
    [entryId],
  );
  if (!row) return undefined;
  return { head: row.head ? utf8.decode(row.head) : '', body: row.body ? utf8.decode(row.body) : '' };
}
