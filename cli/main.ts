// The Node host of the engine: the same createEngine() and tool contract as
// the browser worker, over a database file opened in place with native
// SQLite (other kioku processes may use it at the same time; every commit is
// on disk when it returns), or over an in-memory database for --vault.
import { endQuietlyOnClosedPipe } from './closed-pipe';
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Db } from '../worker/db/database';
import { DEFAULT_BUSY_TIMEOUT_MS, openFileDb, openMemoryDb } from '../worker/db/open-node';
import { DbBusyError, DbDamagedError } from '../worker/db/db-errors';
import { createEngine, type Engine } from '../worker/engine';
import { nodeEmbedderPool } from '../worker/embed/node-embedder-pool';
import type { EmbedService } from '../worker/embed/service';
import { nodeSource } from '../worker/ingest/walk-node';
import { findTool } from '../worker/tools/call';
import { checkArgsNumbers } from '../worker/query/json-text';
import { requestLines } from './lines';
import { isErrorResult, toErrorResult } from '../worker/errors';
import { helpText, toolHelp } from './help';
import { identityProblem, parseOrgs } from '../worker/team/identity';
import { becomeUser } from '../worker/team/refresh';
import type { NoteDisk } from '../worker/platform/write-back';
import { vaultFolders } from './vault-folders';
import { routeConsoleToStderr, serveMcp, type ServedEngine } from './mcp/run';
import { embedAll, startEmbedding, wrote } from './embedding';

interface Flags {
  db?: string;
  vault?: string;
  name?: string;
  model?: string;
  embed: boolean;
  quiet: boolean;
  verify: boolean;
  /** Follow symbolic links out of the vault folder (off: reported as problems). */
  followExternalLinks?: boolean;
  /** Team spaces: who I am (--user, KIOKU_USER) and my organisations (--orgs, KIOKU_ORGS). */
  user?: string;
  orgs?: string;
  /** call, batch, mcp: let write tools write notes to each vault's folder. */
  allowWrite: boolean;
  positional: string[];
}

export class UsageError extends Error {}

export function parseFlags(argv: string[]): Flags {
  const flags: Flags = { embed: true, quiet: false, verify: false, allowWrite: false, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--db') flags.db = value();
    else if (a.startsWith('--db=')) flags.db = a.slice(5);
    else if (a === '--vault') flags.vault = value();
    else if (a.startsWith('--vault=')) flags.vault = a.slice(8);
    else if (a === '--name') flags.name = value();
    else if (a === '--model') flags.model = value();
    else if (a.startsWith('--model=')) flags.model = a.slice(8);
    else if (a === '--no-embed') flags.embed = false;
    else if (a === '--quiet' || a === '-q') flags.quiet = true;
    else if (a === '--verify') flags.verify = true;
    else if (a === '--follow-external-links') flags.followExternalLinks = true;
    else if (a === '--user') flags.user = value();
    else if (a === '--orgs') flags.orgs = value();
    else if (a === '--allow-write') flags.allowWrite = true;
    else if (a.startsWith('--') && a.length > 2) throw new UsageError(`unknown option ${a}`);
    else flags.positional.push(a);
  }
  return flags;
}

/** A command given more words than it reads would silently drop the rest: a usage error names them. */
function atMost(flags: Flags, n: number, usage: string): Flags {
  const extra = flags.positional.slice(n);
  if (extra.length) throw new UsageError(`unexpected ${extra.length === 1 ? 'argument' : 'arguments'} ${extra.map((a) => JSON.stringify(a)).join(' ')} (${usage})`);
  return flags;
}

/** --db must name a file (a missing one is created by index). */
function refuseFolderAsDb(file: string): void {
  if (existsSync(file) && statSync(file).isDirectory()) throw new UsageError(`${file} is a folder, not a database file; give a file such as ${file.replace(/\/+$/, '')}/notes.kioku`);
}

/** A folder to import; anything else is a usage error before a database is opened, so no empty vault is left behind. */
function requireFolder(dir: string): void {
  if (!existsSync(dir)) throw new UsageError(`no folder at ${dir}`);
  if (!statSync(dir).isDirectory()) throw new UsageError(`${dir} is a file, not a folder; give the folder that holds the notes`);
}

const out = (s: string) => process.stdout.write(s + '\n');
const err = (s: string) => process.stderr.write(s + '\n');

/**
 * The engine with its embedding service; the model loads only when something needs it. A one-shot
 * command embeds when it asks (embedAll), never behind its back; `background` (the MCP server) embeds
 * as the app does, after its start-up run also after every write and re-read.
 */
function engineOn(db: Db, flags: Flags, opts: { disk?: NoteDisk; background?: boolean } = {}): { engine: Engine; embed: EmbedService } {
  // A batch of passages is split over one embedder thread per core (faster than ONNX Runtime's own threads: docs/benchmarks.md, bench:embed-node).
  const engine = createEngine(db, { embedder: nodeEmbedderPool(), background: opts.background ?? false, disk: opts.disk });
  const embed = engine.embed!;
  if (flags.model) embed.setModel(flags.model);
  applyIdentity(db, flags);
  return { engine, embed };
}

/**
 * --user / --orgs (or KIOKU_USER / KIOKU_ORGS) say who runs this command in
 * team spaces; they are stored in the database, as the app's Settings are.
 */
function applyIdentity(db: Db, flags: Flags): void {
  const user = flags.user ?? process.env.KIOKU_USER;
  if (!user) return;
  const id = { user, orgs: parseOrgs(flags.orgs ?? process.env.KIOKU_ORGS) };
  const problem = identityProblem(id);
  if (problem) throw new UsageError(`--user: ${problem}`);
  becomeUser(db, id);
}

/** The database file and its journals: never indexed, though kept inside the vault's folder. */
function dbFiles(flags: Flags): string[] {
  return flags.db ? ['', '-wal', '-shm', '-journal'].map((s) => flags.db + s) : [];
}

/** How long a write waits for another process's transaction: KIOKU_BUSY_TIMEOUT_MS, else 5 s. */
function busyTimeout(): number {
  const v = process.env.KIOKU_BUSY_TIMEOUT_MS;
  if (v === undefined || v === '') return DEFAULT_BUSY_TIMEOUT_MS;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`KIOKU_BUSY_TIMEOUT_MS must be a whole number of milliseconds, not ${JSON.stringify(v)}`);
  return n;
}

function openDbFile(file: string): Db {
  return openFileDb(file, { busyTimeoutMs: busyTimeout() });
}

/** The engine over --db (the file, in place) or --vault (imported into memory); close() releases the file. */
async function openEngine(flags: Flags, command: 'call' | 'batch'): Promise<{ engine: Engine; close: () => void }> {
  if (flags.db && flags.vault) throw new UsageError('give either --db <file> or --vault <dir>, not both');
  if (!flags.db && !flags.vault) throw new UsageError('give --db <file> (an index made by `kioku index`) or --vault <dir> (a folder of notes)');
  const folders = vaultFolders(flags, command, flags.db ? `--db ${shellWord(flags.db)}` : `--vault ${shellWord(flags.vault!)}`);
  if (flags.db) {
    refuseFolderAsDb(flags.db);
    if (!existsSync(flags.db)) throw new UsageError(`no database file at ${flags.db}; create it with: kioku index <dir> --db ${flags.db}`);
    const db = openDbFile(flags.db);
    try {
      const { engine, embed } = engineOn(db, flags, { disk: folders.disk });
      folders.open(db);
      // An index made with --no-embed (or before a model switch) is completed once; each batch of vectors commits as it goes.
      await embedAll(embed, flags);
      return { engine, close: () => db.close() };
    } catch (e) {
      db.close();
      throw e;
    }
  }
  const dir = flags.vault!;
  requireFolder(dir);
  const db = await openMemoryDb();
  const { engine, embed } = engineOn(db, flags, { disk: folders.disk });
  const summary = await engine.importSource(nodeSource(dir, flags.name, { followExternalLinks: flags.followExternalLinks, exclude: dbFiles(flags) }));
  if (summary.phase === 'failed') throw new Error(`import of ${dir} failed: ${summary.error}`);
  folders.open(db);
  if (!flags.quiet && summary.problems) err(`kioku: ${summary.problems} problem(s) while importing ${dir}; see the "problems" tool`);
  await embedAll(embed, flags);
  return { engine, close: () => db.close() };
}

async function cmdIndex(flags: Flags): Promise<number> {
  const [dir] = flags.positional;
  if (!dir) throw new UsageError('usage: kioku index <dir> --db <file>');
  if (!flags.db) throw new UsageError('kioku index needs --db <file> to write the index to');
  requireFolder(dir);
  refuseFolderAsDb(flags.db);
  const db = openDbFile(flags.db);
  try {
    if (flags.name === undefined) refuseNameClash(db, dir);
    const { engine, embed } = engineOn(db, flags);
    // Each batch of files commits on its own: a killed run keeps them, and the next run skips them.
    const summary = await engine.importSource(nodeSource(dir, flags.name, { followExternalLinks: flags.followExternalLinks, exclude: dbFiles(flags) }), { verifyAll: flags.verify });
    await embedAll(embed, flags);
    const { problemList, ...counts } = summary;
    out(JSON.stringify({ ...counts, db: flags.db, problems: problemList }, null, 2));
    return summary.phase === 'done' ? 0 : 1;
  } finally {
    db.close();
  }
}

/**
 * A vault is named after its folder and updated by name: another folder with
 * the same name would silently replace the first one's vault. Without --name
 * saying which vault is meant, that is refused.
 */
function refuseNameClash(db: Db, dir: string): void {
  const root = resolve(dir);
  const name = basename(root);
  const held = db.get<{ root: string | null; source: string | null }>('SELECT root, source FROM vaults WHERE name = ?', [name]);
  if (held?.source === 'node' && held.root && held.root !== root) {
    throw new UsageError(
      `the database already has a vault "${name}" imported from ${held.root}; importing ${root} under the same name would replace it.\n` +
        `Give this folder its own vault with --name <another name>, or pass --name "${name}" to make ${root} that vault's folder.`,
    );
  }
}

async function cmdCall(flags: Flags): Promise<number> {
  const [tool, json] = flags.positional;
  if (!tool) throw new UsageError("usage: kioku call <tool> '<json args>' (--db <file> | --vault <dir>)");
  // The text itself goes to the engine, which checks the numbers in filters before parsing rounds them.
  let args: unknown = {};
  if (json !== undefined && json.trim() !== '') {
    try {
      JSON.parse(json);
      args = json;
    } catch (e) {
      out(JSON.stringify({ isError: true, error: { code: 'invalid_argument', message: `The arguments are not valid JSON: ${(e as Error).message}`, path: '' } }));
      return 2;
    }
  }
  let opened: Awaited<ReturnType<typeof openEngine>>;
  try {
    opened = await openEngine(flags, 'call');
  } catch (e) {
    // A busy or damaged database is the call's answer, as the engine would give it.
    if (!(e instanceof DbBusyError || e instanceof DbDamagedError)) throw e;
    out(JSON.stringify(toErrorResult(e)));
    return 2;
  }
  const { engine, close } = opened;
  try {
    const result = await engine.call(tool, args);
    out(JSON.stringify(result));
    // What a write changed is embedded before the command exits, as index does (an in-memory --vault is gone by then).
    if (flags.db && flags.embed && wrote(tool, result)) await embedAll(engine.embed!, flags);
    return isErrorResult(result) ? 2 : 0;
  } finally {
    close();
  }
}

async function cmdBatch(flags: Flags): Promise<number> {
  const { engine, close } = await openEngine(flags, 'batch');
  // What writes changed is embedded before the next line that is not a write and before the batch ends:
  // every search in a batch sees complete embeddings, as at its start.
  let changed = false;
  const catchUp = async () => {
    if (changed && flags.embed) await embedAll(engine.embed!, flags);
    changed = false;
  };
  try {
    for await (const line of requestLines(process.stdin)) if (await answerLine(engine, line, catchUp)) changed = true;
    await catchUp();
  } finally {
    close();
  }
  return 0;
}

/** One request line of `kioku batch` → one JSON line out (blank lines are skipped); true when it wrote. */
async function answerLine(engine: Engine, line: string, beforeRead: () => Promise<void>): Promise<boolean> {
  if (line.trim() === '') return false;
  let request: { tool?: unknown; args?: unknown };
  try {
    request = JSON.parse(line);
  } catch (e) {
    out(JSON.stringify({ isError: true, error: { code: 'invalid_argument', message: `This line is not valid JSON: ${(e as Error).message}`, path: '' } }));
    return false;
  }
  try {
    checkArgsNumbers(line, 'args');
  } catch (e) {
    out(JSON.stringify(toErrorResult(e)));
    return false;
  }
  if (typeof request !== 'object' || request === null || typeof request.tool !== 'string') {
    out(JSON.stringify({ isError: true, error: { code: 'invalid_argument', message: 'Each line must be an object {"tool": NAME, "args": {...}}.', path: 'tool' } }));
    return false;
  }
  const writes = !!findTool(request.tool)?.write;
  if (!writes) await beforeRead();
  const result = await engine.call(request.tool, request.args ?? {});
  out(JSON.stringify(result));
  return writes && !isErrorResult(result);
}

/**
 * A long-running MCP server: it answers tools/list at once, while a --vault is
 * imported and missing embeddings are computed in the background (calls wait
 * for the import only; search uses text mode until embeddings are complete).
 */
async function cmdMcp(flags: Flags): Promise<number> {
  routeConsoleToStderr();
  if (flags.db && flags.vault) throw new UsageError('give either --db <file> or --vault <dir>, not both');
  if (!flags.db && !flags.vault) throw new UsageError('kioku mcp needs --db <file> (an index made by `kioku index`) or --vault <dir> (a folder of notes)');
  // With --allow-write, edits are written to each vault's folder (the one it was imported from);
  // without it the server refuses note writes before they run (server.ts).
  const folders = vaultFolders(flags, 'mcp', flags.db ? `--db ${shellWord(flags.db)}` : `--vault ${shellWord(flags.vault!)}`);
  const writable = flags.allowWrite ? folders.disk : undefined;
  const openFolders = folders.open;
  // Closing (stdin ended): the embedding run stops, then the engine (queued writes finish), then the database closes.
  const closing = new AbortController();
  const closeEngine = async (engine: Engine, db: Db) => {
    closing.abort();
    await engine.stop();
    db.close();
  };
  let served: ServedEngine;
  if (flags.db) {
    refuseFolderAsDb(flags.db);
    if (!existsSync(flags.db)) throw new UsageError(`no database file at ${flags.db}; create it with: kioku index <dir> --db ${flags.db}`);
    // The file in place (native SQLite, WAL): the CLI and other processes may write to it while
    // the server runs; every write commits on its own, no lock is held between calls.
    const db = openDbFile(flags.db);
    const { engine, embed } = engineOn(db, flags, { disk: writable, background: flags.embed });
    openFolders(db);
    const embedding = startEmbedding(embed, flags, closing.signal);
    served = { engine, ready: Promise.resolve(), embedding, close: () => closeEngine(engine, db) };
  } else {
    const dir = flags.vault!;
    requireFolder(dir);
    const db = await openMemoryDb();
    const { engine, embed } = engineOn(db, flags, { disk: writable, background: flags.embed });
    let progress: ServedEngine['progress'] = () => ({ done: 0, total: 0, message: `importing ${dir}` });
    const importOnce = (onProgress?: (p: { processed: number; found: number }) => void) =>
      engine.importSource(nodeSource(dir, flags.name, { followExternalLinks: flags.followExternalLinks, exclude: dbFiles(flags) }), { onProgress }).then((s) => {
        if (s.phase === 'failed') throw new Error(`import of ${dir} failed: ${s.error}`);
        return s;
      });
    let embedding: ServedEngine['embedding'] = () => null;
    const ready = importOnce((p) => (progress = () => ({ done: p.processed, total: p.found, message: `importing ${dir}` }))).then((s) => {
      progress = () => null;
      if (closing.signal.aborted) return;
      openFolders(db);
      if (!flags.quiet && s.problems) err(`kioku: ${s.problems} problem(s) while importing ${dir}; see the "problems" tool`);
      embedding = startEmbedding(embed, flags, closing.signal);
    });
    // What a re-read changed is embedded in the background by the engine, as after a write.
    const resync = async () => {
      const s = await importOnce();
      return s.indexed + s.removed > 0;
    };
    served = { engine, ready, progress: () => progress?.() ?? null, embedding: () => embedding?.() ?? null, resync, close: () => closeEngine(engine, db) };
  }
  const resyncSeconds = Number(process.env.KIOKU_MCP_RESYNC_S ?? 30);
  const source = flags.db ? `--db ${shellWord(flags.db)}` : `--vault ${shellWord(flags.vault!)}`;
  return serveMcp(served, { allowWrite: flags.allowWrite, actsFor: flags.user ?? process.env.KIOKU_USER, source, resyncSeconds: Number.isFinite(resyncSeconds) ? resyncSeconds : 30, version: '0.1.0' });
}

/** A path as one would type it in a shell (quoted when it has spaces or quotes), for advice to copy. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  endQuietlyOnClosedPipe();
  try {
    switch (command) {
      case 'index':
        return await cmdIndex(atMost(parseFlags(rest), 1, 'kioku index <dir> --db <file>: one folder'));
      case 'call':
        return await cmdCall(atMost(parseFlags(rest), 2, "kioku call <tool> '<json args>': give the arguments as one JSON object"));
      case 'batch':
        return await cmdBatch(atMost(parseFlags(rest), 0, 'kioku batch reads its calls from stdin, one {"tool","args"} object a line'));
      case 'mcp':
        return await cmdMcp(atMost(parseFlags(rest), 0, 'kioku mcp takes only options'));
      case 'tools':
        if (rest[0] && !findTool(rest[0])) {
          err(`kioku: No tool named ${JSON.stringify(rest[0])}.\n\n${helpText(true)}`);
          return 1;
        }
        out(rest[0] ? toolHelp(rest[0]) : helpText(true));
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out(helpText(false));
        return 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(`kioku: ${e.message}\nRun "kioku help" for usage.`);
      return 1;
    }
    err(`kioku: ${(e as Error)?.message ?? e}`);
    return 1;
  }
}
