// Failures of the storage itself, the same for every backend: another process
// holds the write lock too long, or the file is damaged. Both backends turn
// SQLite's codes into these, so the tool contract and the CLI can answer with
// one clear message instead of SQLite's wording.

/** Another connection kept the database's write lock for longer than the busy timeout. */
export class DbBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(
      `The database is busy: another Kioku process kept it locked for more than ${waitedMs / 1000} s, so nothing was written. ` +
        'Try again when the other process (an import, a batch) has finished or committed its current batch.',
    );
    this.name = 'DbBusyError';
  }
}

/** The file is not a readable SQLite database (corrupt pages, truncated, or not SQLite at all). */
export class DbDamagedError extends Error {
  constructor(readonly label: string, readonly detail: string) {
    super(
      `${label} is damaged (${detail}). Kioku cannot read it. ` +
        'Restore it from a backup, or delete it and build it again from the notes (kioku index <dir> --db <file>, or import the folder again).',
    );
    this.name = 'DbDamagedError';
  }
}

const PRIMARY_NAMES: Record<number, string> = { 5: 'SQLITE_BUSY', 6: 'SQLITE_LOCKED', 11: 'SQLITE_CORRUPT', 26: 'SQLITE_NOTADB' };

/**
 * The SQLite result code of a failure: better-sqlite3 names it in `code`
 * ("SQLITE_BUSY", "SQLITE_CORRUPT_VTAB"), sqlite-wasm gives the number in
 * `resultCode`. Only the codes storageError() acts on are named for wasm.
 */
export function sqliteCodeOf(e: unknown): string | undefined {
  const err = e as { code?: unknown; resultCode?: unknown } | null;
  if (typeof err?.code === 'string' && err.code.startsWith('SQLITE_')) return err.code;
  if (typeof err?.resultCode === 'number') return PRIMARY_NAMES[err.resultCode & 0xff];
  return undefined;
}

/** Rewrites a SQLite failure that means "damaged" or "busy" into the errors above; anything else is returned as is. */
export function storageError(e: unknown, label: string, busyTimeoutMs: number): unknown {
  const code = sqliteCodeOf(e);
  if (!code) return e;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return new DbDamagedError(label, code === 'SQLITE_NOTADB' ? 'it is not a SQLite database' : 'the database disk image is malformed');
  }
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED') return new DbBusyError(busyTimeoutMs);
  return e;
}
