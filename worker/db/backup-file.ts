// A backup file as the browser's database can take it. A SQLite file last
// written in WAL mode (the CLI's native backend writes so) says so in its
// header (bytes 18 and 19 are 2). The browser's OPFS pool has no shared
// memory for a WAL, so such a file, restored as it is, could not be opened:
// the restore never finished. The file alone is a whole database (a backup
// comes without its -wal file), so marking it as a rollback-journal file is
// what SQLite itself writes when a database leaves WAL mode.

const WRITE_VERSION = 18;
const READ_VERSION = 19;
const WAL = 2;
const ROLLBACK = 1;

/** `bytes` with the header's journal mode set to rollback (the same array, changed in place), when it said WAL. */
export function asRollbackJournal(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 100) return bytes;
  if (bytes[WRITE_VERSION] === WAL) bytes[WRITE_VERSION] = ROLLBACK;
  if (bytes[READ_VERSION] === WAL) bytes[READ_VERSION] = ROLLBACK;
  return bytes;
}
