// Imports a folder into a vault. The folder is listed first; entries whose
// files are gone are removed; then files are read, parsed and written in
// batches, each batch in one transaction, so a closed tab or a killed worker
// leaves whole files in the database, never half of one. The next import of
// the same folder skips what is already there (same content hash) and
// finishes the rest. Each write step takes the database's write lane
// (worker/db/lane.ts), so tool writes get in between batches; a batch re-reads
// which notes hold unsaved edits inside its own transaction.
import type { Db } from '../db/database';
import { writeLane } from '../db/lane';
import { editedNotes, entryAt, keepEdit } from './import-edits';
import { parseFile } from './note';
import type { FileProblem } from './problems';
import type { ImportSource, SourceFile } from './source';
import { readAll } from './read-files';
import { deleteEntry, existingEntries, notesWithFreedPermalink, replaceProblems, writeFileRecord, writeNote, type ExistingEntry } from './store';
import { ensureVault } from './vaults';
import { afterBulkFtsWrites, beforeBulkFtsWrites, resumeAutomerge } from './fts-maintenance';
import { FtsWrites } from './fts-writes';
import { ATTACHMENT_TYPES, attachmentKeeper, MAX_ATTACHMENT_BYTES, type AttachmentKeeper } from './attachments';
import { extOf } from './paths';
import { readSubscriptionsFile } from '../team/subscriptions-file';

export interface ImportProgress {
  phase: 'scanning' | 'removing' | 'indexing' | 'optimizing' | 'done' | 'cancelled' | 'failed';
  vault: string;
  /** Files found so far (all of them once scanning is over). */
  found: number;
  /** Files read and compared with the index. */
  processed: number;
  /** New or changed files written. */
  indexed: number;
  /** Unchanged files skipped. */
  unchanged: number;
  removed: number;
  problems: number;
  bytes: number;
  elapsedMs: number;
}

export interface ImportSummary extends ImportProgress {
  vaultId: number;
  notes: number;
  files: number;
  problemList: FileProblem[];
  seconds: number;
  error?: string;
}

export interface ImportOptions {
  /** Vault name; defaults to the source folder's name. */
  vault?: string;
  onProgress?: (p: ImportProgress) => void;
  /** Checked between batches. */
  isCancelled?: () => boolean;
  /** At most this many files per transaction. */
  batchSize?: number;
  /** At most about this many bytes of files per transaction. */
  batchBytes?: number;
  /**
   * Read and hash every file. By default a file whose size and modification
   * time equal those stored is taken as unchanged without being read (the
   * quick check rsync makes); its content hash decides whenever they differ.
   */
  verifyAll?: boolean;
  /**
   * Leave merging the text index (up to a second for a large vault) to the
   * caller, who runs tidyTextIndex(db, summary) once the import has returned:
   * the vault is searchable before that.
   */
  deferIndexTidy?: boolean;
  /** Test hook: called after each committed batch (a crash can be simulated by throwing). */
  afterBatch?: (committedFiles: number) => void;
  now?: () => number;
}

// Large transactions are much cheaper for the FTS index (fewer segments to
// write and merge) and for OPFS (fewer syncs); a batch of ~16 MB still commits
// about once a second, which bounds both lost work and how long a tool call
// waits behind the import.
const BATCH_FILES = 2000;
const BATCH_BYTES = 16 * 1024 * 1024;

export async function importVault(db: Db, source: ImportSource, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const now = opts.now ?? Date.now;
  const maxFiles = opts.batchSize ?? BATCH_FILES;
  const maxBytes = opts.batchBytes ?? BATCH_BYTES;
  const vaultName = (opts.vault ?? source.name).trim() || source.name;
  const lane = writeLane(db);
  const vaultId = await lane.run(() => {
    const id = ensureVault(db, vaultName, source.root, source.kind, now());
    db.run("UPDATE vaults SET import_state = 'importing', root = ?, source = ? WHERE id = ?", [source.root, source.kind, id]);
    return id;
  });

  const problemList: FileProblem[] = [];
  const progress: ImportProgress = {
    phase: 'scanning', vault: vaultName, found: 0, processed: 0, indexed: 0, unchanged: 0, removed: 0, problems: 0, bytes: 0, elapsedMs: 0,
  };
  let lastReport = 0;
  const report = (force = false) => {
    progress.elapsedMs = Math.round(performance.now() - started);
    if (!opts.onProgress) return;
    const t = performance.now();
    if (force || t - lastReport > 100) {
      lastReport = t;
      opts.onProgress({ ...progress });
    }
  };
  const cancelled = () => opts.isCancelled?.() === true;

  report(true);
  try {
    // 1. List the folder. Nothing is written until the listing is complete,
    // so a folder that fails half-way never loses entries. A note another
    // writer creates from here on (another process on the same database, a
    // tool call in this one) may be missed by the listing: it is not removed.
    const newestBefore = db.get<{ m: number | null }>('SELECT max(id) AS m FROM entries')?.m ?? 0;
    const files: SourceFile[] = [];
    const seen = new Set<string>();
    for await (const file of source.files((p) => problemList.push(p))) {
      if (seen.has(file.path)) {
        // Paths are kept in NFC: two names that differ only in normalisation are one path.
        problemList.push({
          path: file.path,
          code: 'duplicate_path',
          message: 'Two files have this path: their names differ only in Unicode form (composed and decomposed accents), which Kioku treats as one name.',
          action: 'Indexed the first one found; rename one of them to index both.',
        });
        continue;
      }
      seen.add(file.path);
      files.push(file);
      progress.found++;
      if (progress.found % 100 === 0) {
        report();
        if (cancelled()) return finish('cancelled');
      }
    }
    if (cancelled()) return finish('cancelled');
    if (source.obsidian) db.run('UPDATE vaults SET obsidian = ? WHERE id = ?', [source.obsidian() ? 1 : 0, vaultId]);

    // 2. Remove what is gone first, so a renamed note can take back its
    // permalink instead of clashing with its own old entry.
    progress.phase = 'removing';
    report(true);
    const existing = await lane.run(() => {
      const found = existingEntries(db, vaultId);
      // Notes edited in Kioku and not yet written to the folder (entries.dirty):
      // a re-sync never overwrites or removes them (see worker/platform/write-back.ts).
      const edited = editedNotes(db, vaultId);
      const gone = [...found].filter(([path, e]) => !seen.has(path) && !edited.has(path) && e.id <= newestBefore);
      if (gone.length) {
        db.tx(() => {
          const fts = new FtsWrites();
          for (const [path, e] of gone) {
            deleteEntry(db, vaultId, e.id, path, fts);
            found.delete(path);
          }
          fts.apply(db);
        });
      }
      progress.removed = gone.length;
      return found;
    });
    // Links the source declined to follow have no entry; their problems are kept
    // per vault and replaced by each listing, so a fixed link stops being reported.
    await lane.run(() => db.tx(() => {
      db.run(`DELETE FROM problems WHERE vault_id = ? AND code IN (${[...LINK_PROBLEMS].map((c) => `'${c}'`).join(', ')})`, [vaultId]);
      for (const p of problemList) if (LINK_PROBLEMS.has(p.code)) replaceProblems(db, vaultId, p.path, [p], now(), true);
    }));

    // 3. Read, parse and write in batches; the next batch is read while the
    // current one is written. Files that pass the quick check are not read.
    progress.phase = 'indexing';
    const keeper = source.keepsCopies ? attachmentKeeper(db, vaultId) : null;
    // A picture imported before copies were kept is read again to keep one.
    const copied = keeper ? new Set(db.column<number>('SELECT a.entry_id FROM attachments a JOIN entries e ON e.id = a.entry_id WHERE e.vault_id = ?', [vaultId])) : null;
    const wantsCopy = (f: SourceFile, id: number) => copied !== null && keeper!.hasRoom() && extOf(f.path) in ATTACHMENT_TYPES && f.size <= MAX_ATTACHMENT_BYTES && !copied.has(id);
    const toRead = files.filter((f) => {
      const old = existing.get(f.path);
      const same = !opts.verifyAll && old !== undefined && f.mtime > 0 && old.mtime === f.mtime && old.size === f.size && !wantsCopy(f, old.id);
      if (same) {
        progress.processed++;
        progress.unchanged++;
        progress.bytes += f.size;
      }
      return !same;
    });
    report(true);
    await lane.run(() => beforeBulkFtsWrites(db));
    const batches = splitBatches(toRead, maxFiles, maxBytes);
    let committed = 0;
    let reading = batches.length ? readAll(batches[0], problemList, source) : null;
    for (let b = 0; b < batches.length; b++) {
      const loaded = await reading!;
      reading = b + 1 < batches.length ? readAll(batches[b + 1], problemList, source) : null;
      await lane.run(() => db.tx(() => {
        const at = now();
        // Read again for this batch: a tool may have edited or created a note since the last one.
        const edited = editedNotes(db, vaultId);
        const fts = new FtsWrites();
        for (const item of loaded) {
          progress.processed++;
          progress.bytes += item.file.size;
          const old = entryAt(db, vaultId, item.file.path);
          if (item.bytes === null) continue; // unreadable: keep whatever the index had
          // Another writer changed or created this note since the listing (another process, or a tool
          // call while this batch was read): its text is newer than these bytes, read before. An attack
          // trial saw a concurrent index put back 46 notes' old text; the next re-sync reads the file again.
          const before = existing.get(item.file.path);
          if (old && old.hash !== item.hash && old.hash !== before?.hash) {
            progress.unchanged++;
            continue;
          }
          if (old && old.hash === item.hash) {
            progress.unchanged++;
            if (wantsCopy(item.file, old.id)) keeper!.keep(old.id, extOf(item.file.path), item.bytes);
            // Same content, touched on disk: only the date changes (an unsaved edit keeps its own date).
            if (old.mtime !== item.file.mtime && !edited.has(item.file.path)) db.run('UPDATE entries SET mtime = ? WHERE id = ?', [item.file.mtime, old.id]);
          } else if (edited.has(item.file.path)) {
            progress.unchanged++;
            keepEdit(db, vaultId, item.file.path, at);
          } else {
            writeOne(db, vaultId, old, item.file, item.bytes, item.hash, at, problemList, fts, keeper);
            progress.indexed++;
          }
          progress.problems = problemList.length;
          report();
        }
        fts.apply(db);
      }));
      committed += loaded.length;
      opts.afterBatch?.(committed);
      report();
      if (cancelled()) {
        await reading?.catch(() => undefined);
        return finish('cancelled');
      }
    }

    // 4. A note whose permalink clashed takes it back once the note holding it
    // is gone or changed, as a fresh import would give it.
    const freed = new Set(notesWithFreedPermalink(db, vaultId));
    if (freed.size) {
      const again = await readAll(files.filter((f) => freed.has(f.path)), problemList, source);
      await lane.run(() => db.tx(() => {
        const at = now();
        const edited = editedNotes(db, vaultId);
        const fts = new FtsWrites();
        for (const item of again) {
          const old = entryAt(db, vaultId, item.file.path);
          if (item.bytes !== null && !edited.has(item.file.path)) writeOne(db, vaultId, old, item.file, item.bytes, item.hash, at, problemList, fts, keeper);
        }
        fts.apply(db);
      }));
    }

    // 5. The vault is complete and searchable; tidy the text index now, or
    // leave it to the caller (tidyTextIndex) when it asked to defer.
    await lane.run(() => db.run("UPDATE vaults SET import_state = 'complete', imported_at = ? WHERE id = ?", [now(), vaultId]));
    if (!opts.deferIndexTidy) {
      progress.phase = 'optimizing';
      report(true);
      await lane.run(() => tidyTextIndex(db, progress));
    }
    return finish('done');
  } catch (e) {
    return finish('failed', failureMessage(e));
  }

  async function finish(phase: ImportProgress['phase'], error?: string): Promise<ImportSummary> {
    progress.phase = phase;
    if (phase !== 'done') {
      await lane.run(() => resumeAutomerge(db)).catch(() => {
        // The database may be what failed; the next import sets it again.
      });
    }
    const counts = db.get<{ notes: number; files: number }>(
      "SELECT COUNT(*) FILTER (WHERE kind = 'note') AS notes, COUNT(*) FILTER (WHERE kind = 'file') AS files FROM entries WHERE vault_id = ?",
      [vaultId],
    )!;
    // Problems of unchanged files were recorded by earlier imports and still apply.
    const stored = db.all<FileProblem>(
      'SELECT path, code, message, action, line FROM problems WHERE vault_id = ? ORDER BY path, id',
      [vaultId],
    ).map((p) => (p.line === null ? { path: p.path, code: p.code, message: p.message, action: p.action } : p));
    const unread = problemList.filter((p) => UNREAD.has(p.code));
    const all = [...stored, ...unread];
    progress.problems = all.length;
    const summary: ImportSummary = {
      ...progress,
      vaultId,
      notes: counts.notes,
      files: counts.files,
      problemList: all,
      seconds: Math.round(performance.now() - started) / 1000,
      ...(error ? { error } : {}),
    };
    report(true);
    return summary;
  }
}

/**
 * SQLite reports a full disk, or storage the browser refuses to grow (OPFS
 * over its quota), as SQLITE_FULL or a disk I/O error: the message says what
 * that means for the data and what to do.
 */
export function failureMessage(e: unknown): string {
  const m = String((e as Error)?.message ?? e);
  if (!/SQLITE_FULL|SQLITE_IOERR|disk is full|disk I\/O error|QuotaExceeded/i.test(m)) return m;
  return `Writing to storage failed (${m.replace(/^\S+: sqlite3 result code \d+: /, '')}): the storage for Kioku is most likely full (the disk, or the space the browser gives this site). The import stopped; the notes already in the index are intact, and the batches of this import saved before it stopped are kept. Free space (remove a vault you no longer need, or allow this site more storage) and import the folder again to finish.`;
}

/** Problems of files that were never read, so no entry holds them: reported with the import. */
const UNREAD = new Set<string>(['read_failed', 'duplicate_path']);
/** Symbolic links not followed (walk-node.ts): stored, so the problems tool lists them. */
const LINK_PROBLEMS = new Set<string>(['symlink_outside', 'symlink_loop', 'symlink_dangling']);

/** Merges the text index after an import that wrote or removed files (see fts-maintenance.ts). */
export function tidyTextIndex(db: Db, done: Pick<ImportProgress, 'indexed' | 'removed'>): void {
  afterBulkFtsWrites(db, done.indexed + done.removed);
}

/** Consecutive batches of at most maxFiles files and about maxBytes bytes (a bigger file gets a batch of its own). */
export function splitBatches(files: readonly SourceFile[], maxFiles: number, maxBytes: number): SourceFile[][] {
  const out: SourceFile[][] = [];
  let cur: SourceFile[] = [];
  let bytes = 0;
  for (const f of files) {
    if (cur.length && (cur.length >= maxFiles || bytes + f.size > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(f);
    bytes += f.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

function writeOne(
  db: Db,
  vaultId: number,
  old: ExistingEntry | undefined,
  file: SourceFile,
  bytes: Uint8Array,
  hash: string,
  at: number,
  problemList: FileProblem[],
  fts: FtsWrites,
  keeper: AttachmentKeeper | null,
): void {
  const parsed = parseFile(file.path, bytes);
  // The size actually read: a file can change between listing and reading.
  const meta = { path: file.path, size: bytes.length, mtime: file.mtime, hash };
  if (parsed.kind === 'note') writeNote(db, vaultId, old?.id, meta, parsed, { fts });
  else {
    const id = writeFileRecord(db, vaultId, old?.id, meta, parsed, fts);
    keeper?.keep(id, extOf(file.path), bytes);
    // A team member's users/<id>/subscriptions.yaml: what they subscribe to.
    readSubscriptionsFile(db, vaultId, id, file.path, bytes, parsed.problems);
  }
  replaceProblems(db, vaultId, file.path, parsed.problems, at, old === undefined);
  for (const p of parsed.problems) problemList.push({ path: file.path, ...p });
}
