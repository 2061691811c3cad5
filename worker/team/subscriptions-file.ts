// users/<user>/subscriptions.yaml: a user's subscriptions kept in the team
// space itself, so they follow the user to their other devices.
//
//   subscriptions:
//     - owner: bob
//       folder: ops
//       mode: search      # or inject
//       enabled: true
//
// Read at import and re-sync (the file is authoritative for its user); what
// Kioku changes is written into the same document, so comments, key order and
// entries Kioku could not read stay exactly as they were. A malformed file or
// entry is reported and skipped, never lost or rewritten.
import { isMap, isSeq, parseDocument, YAMLMap, type Document } from 'yaml';
import type { Db } from '../db/database';
import type { Problem } from '../ingest/problems';
import { safeSegment } from './layout';

const FILE = /^(?:([^/]+)\/)?users\/([^/]+)\/subscriptions\.yaml$/;

/** The user a path is the subscriptions file of, or null. */
export function subscriptionsFileUser(path: string): string | null {
  const m = FILE.exec(path);
  return m && safeSegment(m[2]) ? m[2] : null;
}

export interface FileSubscription {
  owner: string;
  folder: string;
  mode: 'search' | 'inject';
  enabled: boolean;
}

type Read = { ok: true; entries: FileSubscription[]; doc: Document; valid: Set<unknown> } | { ok: false; message: string };

/** Parses the file; entries it cannot use are reported in `problems` and left out. */
export function readSubscriptionsText(text: string, problems: Problem[]): Read {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length) return { ok: false, message: `subscriptions.yaml is not valid YAML: ${doc.errors[0].message.split('\n')[0]}` };
  const root = doc.contents;
  if (root === null || root === undefined) return { ok: true, entries: [], doc, valid: new Set() };
  const list = isMap(root) ? root.get('subscriptions', true) : undefined;
  if (!isMap(root) || (list !== undefined && list !== null && !isSeq(list) && !(isScalarNull(list)))) {
    return { ok: false, message: 'subscriptions.yaml must be a map with a list under "subscriptions:" (each item owner, folder, mode, enabled).' };
  }
  const entries: FileSubscription[] = [];
  // The item nodes Kioku could read: only these are ever changed when writing back.
  const valid = new Set<unknown>();
  if (!isSeq(list)) return { ok: true, entries, doc, valid };
  list.items.forEach((item, i) => {
    const v = isMap(item) ? (item.toJSON() as Record<string, unknown>) : null;
    const bad = (why: string) =>
      problems.push({ code: 'subscription_invalid', message: `Entry ${i + 1} of subscriptions.yaml ${why}`, action: 'The entry is skipped and kept in the file as it is.' });
    if (!v) return bad('is not a map of owner, folder, mode, enabled.');
    if (typeof v.owner !== 'string' || !safeSegment(v.owner)) return bad(`has no valid owner (a user id); got ${JSON.stringify(v.owner)}.`);
    if (typeof v.folder !== 'string' || !safeSegment(v.folder)) return bad(`has no valid folder (a folder name); got ${JSON.stringify(v.folder)}.`);
    if (v.mode !== undefined && v.mode !== 'search' && v.mode !== 'inject') return bad(`has mode ${JSON.stringify(v.mode)}; it must be search or inject.`);
    if (v.enabled !== undefined && typeof v.enabled !== 'boolean') return bad(`has enabled ${JSON.stringify(v.enabled)}; it must be true or false.`);
    entries.push({ owner: v.owner, folder: v.folder, mode: (v.mode as FileSubscription['mode']) ?? 'search', enabled: (v.enabled as boolean | undefined) ?? true });
    valid.add(item);
  });
  return { ok: true, entries, doc, valid };
}

function isScalarNull(node: unknown): boolean {
  return typeof node === 'object' && node !== null && 'value' in node && (node as { value: unknown }).value === null;
}

/** At import: applies the file when `path` is a user's subscriptions file. */
export function readSubscriptionsFile(db: Db, vaultId: number, entryId: number, path: string, bytes: Uint8Array, problems: Problem[]): void {
  const user = subscriptionsFileUser(path);
  if (user) applySubscriptionsFile(db, vaultId, entryId, user, new TextDecoder().decode(bytes), problems);
}

/**
 * At import: the file replaces its user's subscriptions in this vault (a
 * malformed file changes nothing). Its text is kept with the entry, so a later
 * change made in Kioku is written into the same document.
 */
export function applySubscriptionsFile(db: Db, vaultId: number, entryId: number, user: string, text: string, problems: Problem[]): void {
  db.run('DELETE FROM contents WHERE entry_id = ?', [entryId]);
  db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '', ?)", [entryId, text]);
  const read = readSubscriptionsText(text, problems);
  if (!read.ok) {
    problems.push({ code: 'subscriptions_invalid', message: read.message, action: 'The file is skipped and not rewritten; the subscriptions Kioku had are kept.' });
    return;
  }
  db.run('DELETE FROM subscriptions WHERE vault_id = ? AND subscriber = ?', [vaultId, user]);
  for (const s of read.entries) {
    db.run(
      `INSERT INTO subscriptions (vault_id, subscriber, owner, folder, mode, enabled) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (vault_id, subscriber, owner, folder) DO UPDATE SET mode = excluded.mode, enabled = excluded.enabled`,
      [vaultId, user, s.owner, s.folder, s.mode, s.enabled ? 1 : 0],
    );
  }
}

/**
 * The file's new text with the user's subscriptions of this vault, written
 * into the existing document (null when that document is malformed: it is
 * then left alone).
 */
export function subscriptionsText(db: Db, vaultId: number, user: string, existing: string | null): string | null {
  const rows = db.all<{ owner: string; folder: string; mode: string; enabled: number }>(
    'SELECT owner, folder, mode, enabled FROM subscriptions WHERE vault_id = ? AND subscriber = ? ORDER BY owner, folder',
    [vaultId, user],
  );
  let doc: Document;
  let valid = new Set<unknown>();
  if (existing !== null && existing.trim() !== '') {
    const read = readSubscriptionsText(existing, []);
    if (!read.ok) return null;
    doc = read.doc;
    valid = read.valid;
  } else doc = parseDocument('subscriptions: []\n');
  if (!isMap(doc.contents)) doc.contents = doc.createNode({}) as never;
  const root = doc.contents as unknown as YAMLMap;
  let list: unknown = root.get('subscriptions', true);
  if (!isSeq(list)) {
    list = doc.createNode([]);
    root.set('subscriptions', list);
  }
  const seq = list as { items: unknown[]; flow?: boolean };
  seq.flow = false;
  for (const r of rows) {
    const item = seq.items.find((it) => valid.has(it) && isMap(it) && it.get('owner') === r.owner && it.get('folder') === r.folder) as YAMLMap | undefined;
    if (item) {
      item.set('mode', r.mode);
      item.set('enabled', r.enabled === 1);
    } else seq.items.push(doc.createNode({ owner: r.owner, folder: r.folder, mode: r.mode, enabled: r.enabled === 1 }));
  }
  return doc.toString();
}
