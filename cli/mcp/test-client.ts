// For the tests: `kioku mcp` started as a child process by the MCP SDK's own
// client over stdio, as Claude Desktop, Cursor or VS Code would, and the JSON
// `kioku call` prints for the same call, to compare with.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const KIOKU = join(ROOT, 'cli/kioku.mjs');

export interface Connected {
  client: Client;
  stderr(): string;
  /** Transport errors, e.g. a line on stdout that is not a protocol message. */
  transportErrors: Error[];
}

const open: Client[] = [];

export async function connect(args: string[], opts: { preload?: string; resyncSeconds?: number } = {}): Promise<Connected> {
  const nodeArgs = [...(opts.preload ? ['--import', opts.preload] : []), KIOKU, 'mcp', ...args];
  const transport = new StdioClientTransport({ command: process.execPath, args: nodeArgs, cwd: ROOT, stderr: 'pipe', env: { ...process.env, KIOKU_MCP_RESYNC_S: String(opts.resyncSeconds ?? 0) } as Record<string, string> });
  let err = '';
  transport.stderr?.on('data', (d) => (err += String(d)));
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'kioku-test', version: '1.0.0' });
  await client.connect(transport);
  // After connect: the client installs its own handler there, which we keep.
  const before = transport.onerror;
  transport.onerror = (e) => {
    transportErrors.push(e);
    before?.(e);
  };
  open.push(client);
  return { client, stderr: () => err, transportErrors };
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => undefined)));
}

/** What `kioku call` prints on stdout (one line of JSON), for a vault or a database file. */
export function kiokuCallText(tool: string, args: unknown, source: string[]): string {
  const r = spawnSync(process.execPath, [KIOKU, 'call', tool, JSON.stringify(args), ...source, '--no-embed', '-q'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return r.stdout.trim();
}

/** Timings differ between two runs; every other byte must be the same. */
export function sameTimings(json: string): string {
  return json.replace(/"elapsed_ms":-?[0-9.eE+-]+/g, '"elapsed_ms":0');
}
