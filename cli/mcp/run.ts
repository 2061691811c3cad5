// `kioku mcp`: serves the engine over stdio until the client closes the pipe.
// stdout carries protocol messages only, so everything that would print to it
// (console.log, or process.stdout.write from any module) is sent to stderr
// while the server runs; the transport alone keeps the real stdout.
import { Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Engine } from '../../worker/engine';
import { createMcpServer } from './server';

export interface ServedEngine {
  engine: Engine;
  /** The import (and nothing slower): calls wait for it. */
  ready: Promise<void>;
  progress?(): { done: number; total: number; message: string } | null;
  /** The start-up embedding's progress while it runs. */
  embedding?(): { done: number; total: number; message: string } | null;
  afterWrite?(): void | Promise<void>;
  /** Re-reads the vault folder; true when notes were added, changed or removed. */
  resync?(): Promise<boolean>;
  /** Stops background work (embedding) and closes the database. */
  close?(): void | Promise<void>;
}

export interface McpOptions {
  allowWrite: boolean;
  /** --user: who the server acts for (set_identity may not change it). */
  actsFor?: string;
  /** The source option as given (`--db notes.kioku`), named in the advice to restart with --allow-write. */
  source?: string;
  /** Seconds between re-reads of a --vault folder (0: never). */
  resyncSeconds: number;
  version: string;
}

/** The process's real stdout, kept for protocol messages once routeConsoleToStderr ran. */
let protocolOut: Writable | undefined;

export function routeConsoleToStderr(): void {
  const toErr = (...a: unknown[]) => process.stderr.write(a.map((x) => (typeof x === 'string' ? x : safeInspect(x))).join(' ') + '\n');
  console.log = toErr;
  console.info = toErr;
  console.debug = toErr;
  if (protocolOut) return;
  const writeOut = process.stdout.write.bind(process.stdout);
  protocolOut = new Writable({ write: (chunk, _enc, done) => void writeOut(chunk, (e) => done(e ?? null)) });
  // Direct writes too (a library printing with process.stdout.write), which console routing misses.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => process.stderr.write(chunk, ...rest)) as typeof process.stdout.write;
}

function safeInspect(x: unknown): string {
  try {
    return x instanceof Error ? (x.stack ?? x.message) : JSON.stringify(x);
  } catch {
    return String(x);
  }
}

export async function serveMcp(served: ServedEngine, opts: McpOptions): Promise<number> {
  const server = createMcpServer({
    engine: served.engine,
    ready: served.ready,
    allowWrite: opts.allowWrite,
    actsFor: opts.actsFor,
    source: opts.source,
    afterWrite: served.afterWrite,
    progress: served.progress,
    embedding: served.embedding,
    version: opts.version,
  });
  const transport = new StdioServerTransport(process.stdin, protocolOut ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  process.stderr.write(`kioku: MCP server ready on stdio (${opts.allowWrite ? 'writes allowed' : 'read-only; --allow-write enables writes'})\n`);

  let timer: NodeJS.Timeout | undefined;
  if (served.resync && opts.resyncSeconds > 0) {
    let busy = false;
    timer = setInterval(() => {
      if (busy) return;
      busy = true;
      served
        .resync!()
        .then((changed) => (changed ? server.sendResourceListChanged() : undefined))
        .catch((e) => process.stderr.write(`kioku: re-reading the vault failed: ${(e as Error).message}\n`))
        .finally(() => (busy = false));
    }, opts.resyncSeconds * 1000);
    timer.unref();
  }
  served.ready.catch((e) => process.stderr.write(`kioku: import failed: ${(e as Error).message}\n`));
  await closed;
  if (timer) clearInterval(timer);
  await server.close().catch(() => undefined);
  await served.close?.();
  return 0;
}
