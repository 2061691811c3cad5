// Schema versions live in PRAGMA user_version. Migrations are applied in order,
// each inside its own transaction; a database from a newer Kioku is refused
// before anything is written to it.
import type { Db } from './database';
import { MIGRATIONS } from './migrations';

export interface Migration {
  version: number;
  name: string;
  sql?: string;
  up?: (db: Db) => void;
}

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

export class SchemaTooNewError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(
      `This database was written by a newer version of Kioku (schema ${found}; this version understands up to ${supported}). ` +
        'Update Kioku (reload the page or reinstall the app) to open it; nothing was changed.',
    );
    this.name = 'SchemaTooNewError';
  }
}

export function schemaVersion(db: Db): number {
  return Number(db.column('PRAGMA user_version')[0] ?? 0);
}

/** Brings the schema up to date. Returns the versions applied. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number[] {
  const current = schemaVersion(db);
  const latest = migrations[migrations.length - 1].version;
  if (current > latest) throw new SchemaTooNewError(current, latest);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    const ran = db.tx(() => {
      // Read again under the write lock: another process opening the same
      // file may have applied this migration while this one waited.
      if (schemaVersion(db) >= m.version) return false;
      if (m.sql) db.exec(m.sql);
      m.up?.(db);
      db.exec(`PRAGMA user_version = ${m.version}`);
      return true;
    });
    if (ran) applied.push(m.version);
  }
  return applied;
}
