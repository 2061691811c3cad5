// Imports a folder into a vault. Files are read and parsed in batches and each
// batch is written in one transaction, so a closed tab or a killed worker
// leaves whole files in the database, never half of one; the next import of the
// same folder skips what is already there (same content hash) and finishes.
import type { Db } from '../db/database';
import { contentHash } from './hash';
import { parseFile } from './note';
import type { FileProblem } from './problems';
import type { ImportSource, SourceFile } from './source';
import { deleteEntry, existingEntries, replaceProblems, writeFileRecord, writeNote, type ExistingEntry } from './store';
import { ensureVault } from './vaults';

export interface ImportProgress {
  phase: 'scanning' | 'indexing' | 'removing' | 'optimizing' | 'done' | 'cancelled' | 'failed';
  vault: string;
  /** Files found so far. */
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
  /** Files per transaction. */
  batchSize?: number;
  /** Test hook: called after each committed batch (a crash can be simulated by throwing). */
  afterBatch?: (committedFiles: number) => void;
  now?: () => number;
}

const READ_CONCURRENCY = 16;

export async function importVault(db: Db, source: ImportSource, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const now = opts.now ?? Date.now;
  const batchSize = opts.batchSize ?? 250;
  const vaultName = (opts.vault ?? source.name).trim() || source.name;
  const vaultId = ensureVault(db, vaultName, source.root, source.kind, now());
  db.run("UPDATE vaults SET import_state = 'importing', root = ?, source = ? WHERE id = ?", [source.root, source.kind, vaultId]);

  const existing = existingEntries(db, vaultId);
  // Notes edited in Kioku and not yet written to the folder (entries.dirty):
  // a re-sync never overwrites or removes them (see worker/platform/write-back.ts).
  const edited = new Set(db.column<string>('SELECT path FROM entries WHERE vault_id = ? AND dirty = 1', [vaultId]));
  const seen = new Set<string>();
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

  let batch: SourceFile[] = [];
  let committed = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const files = batch;
    batch = [];
    progress.phase = 'indexing';
    const loaded = await readAll(files, problemList);
    const at = now();
    db.tx(() => {
      for (const item of loaded) {
        progress.processed++;
        progress.bytes += item.file.size;
        const old = existing.get(item.file.path);
        if (item.bytes === null) continue; // unreadable: keep whatever the index had
        if (old && old.hash === item.hash) {
          progress.unchanged++;
          continue;
        }
        if (edited.has(item.file.path)) {
          progress.unchanged++;
          keepEdit(db, vaultId, item.file.path, at);
          continue;
        }
        writeOne(db, vaultId, old, item.file, item.bytes, item.hash, at, problemList);
        progress.indexed++;
      }
    });
    committed += files.length;
    progress.problems = problemList.length;
    opts.afterBatch?.(committed);
    report();
  };

  try {
    for await (const file of source.files()) {
      if (seen.has(file.path)) continue;
      seen.add(file.path);
      progress.found++;
      batch.push(file);
      if (batch.length >= batchSize) {
        await flush();
        if (opts.isCancelled?.()) return finish('cancelled');
      } else if (progress.found % 50 === 0) report();
    }
    await flush();
    if (opts.isCancelled?.()) return finish('cancelled');

    progress.phase = 'removing';
    report(true);
    const gone = [...existing.entries()].filter(([path]) => !seen.has(path) && !edited.has(path));
    db.tx(() => {
      for (const [path, e] of gone) deleteEntry(db, vaultId, e.id, path);
      db.run("UPDATE vaults SET import_state = 'complete', imported_at = ? WHERE id = ?", [now(), vaultId]);
    });
    progress.removed = gone.length;
    progress.phase = 'optimizing';
    report(true);
    if (progress.indexed + progress.removed > 0) db.exec("INSERT INTO fts(fts) VALUES('optimize')");
    return finish('done');
  } catch (e) {
    return finish('failed', (e as Error)?.message ?? String(e));
  }

  function finish(phase: ImportProgress['phase'], error?: string): ImportSummary {
    progress.phase = phase;
    const counts = db.get<{ notes: number; files: number }>(
      "SELECT COUNT(*) FILTER (WHERE kind = 'note') AS notes, COUNT(*) FILTER (WHERE kind = 'file') AS files FROM entries WHERE vault_id = ?",
      [vaultId],
    )!;
    // Problems of unchanged files were recorded by earlier imports and still apply.
    const stored = db.all<FileProblem>(
      'SELECT path, code, message, action, line FROM problems WHERE vault_id = ? ORDER BY path, id',
      [vaultId],
    ).map((p) => (p.line === null ? { path: p.path, code: p.code, message: p.message, action: p.action } : p));
    const unread = problemList.filter((p) => p.code === 'read_failed');
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

interface Loaded {
  file: SourceFile;
  bytes: Uint8Array | null;
  hash: string;
}

async function readAll(files: SourceFile[], problems: FileProblem[]): Promise<Loaded[]> {
  const out: Loaded[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const file = files[i];
      try {
        const bytes = await file.read();
        out[i] = { file, bytes, hash: await contentHash(bytes) };
      } catch (e) {
        problems.push({
          path: file.path,
          code: 'read_failed',
          message: `The file could not be read: ${(e as Error)?.message ?? e}.`,
          action: 'Skipped it this time; what the index already had for it is kept. Import again to retry.',
        });
        out[i] = { file, bytes: null, hash: '' };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, worker));
  return out;
}

function writeOne(db: Db, vaultId: number, old: ExistingEntry | undefined, file: SourceFile, bytes: Uint8Array, hash: string, at: number, problemList: FileProblem[]): void {
  const parsed = parseFile(file.path, bytes);
  const meta = { path: file.path, size: file.size, mtime: file.mtime, hash };
  if (parsed.kind === 'note') writeNote(db, vaultId, old?.id, meta, parsed);
  else writeFileRecord(db, vaultId, old?.id, meta, parsed);
  replaceProblems(db, vaultId, file.path, parsed.problems, at);
  for (const p of parsed.problems) problemList.push({ path: file.path, ...p });
}

/** The file changed on disk while Kioku holds an unsaved edit of it: the edit wins, and the user is told. */
function keepEdit(db: Db, vaultId: number, path: string, at: number): void {
  db.run("DELETE FROM problems WHERE vault_id = ? AND path = ? AND code = 'edit_kept'", [vaultId, path]);
  db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, NULL, ?)', [
    vaultId, path, 'edit_kept',
    'The file changed on disk, and it was also edited in Kioku without being written back.',
    "Kept Kioku's edited version; the disk version was not imported. Write it back with overwrite to replace the disk version, or export it.",
    at,
  ]);
}
