// The one entry point of the contract: call(name, args). It never throws and
// never rejects; bad input and failures come back as error results.
import { asArgs } from './args';
import type { ToolContext, ToolDef } from './define';
import { toErrorResult, toolError, type ToolErrorResult } from './errors';
import { TOOLS, type ToolName, type ToolOutput } from './registry';

const byName = new Map<string, ToolDef<unknown, unknown>>();
for (const def of Object.values(TOOLS) as ToolDef<unknown, unknown>[]) {
  byName.set(def.name, def);
  for (const a of def.aliases ?? []) byName.set(a, def);
}

export function toolNames(): string[] {
  return [...byName.keys()].sort();
}

export function findTool(name: string): ToolDef<unknown, unknown> | undefined {
  return byName.get(name);
}

// Writes run one at a time per database.
const writeQueues = new WeakMap<object, Promise<unknown>>();

export async function callTool<N extends ToolName>(ctx: ToolContext, name: N, input?: unknown): Promise<ToolOutput<N> | ToolErrorResult>;
export async function callTool(ctx: ToolContext, name: string, input?: unknown): Promise<unknown>;
export async function callTool(ctx: ToolContext, name: string, input?: unknown): Promise<unknown> {
  try {
    const def = typeof name === 'string' ? byName.get(name) : undefined;
    if (!def) {
      throw toolError('unknown_tool', `Unknown tool ${JSON.stringify(name)}. Available tools: ${[...new Set([...byName.values()].map((d) => d.name))].sort().join(', ')}.`, 'tool');
    }
    const args = asArgs(input);
    const parsed = def.parse(args, ctx);
    if (!def.write) return clean(await def.run(ctx, parsed));
    const run = (writeQueues.get(ctx.db) ?? Promise.resolve()).then(() => def.run(ctx, parsed));
    writeQueues.set(ctx.db, run.catch(() => undefined));
    return clean(await run);
  } catch (e) {
    return toErrorResult(e);
  }
}

/** Results must survive JSON (CLI) and structured clone (worker): drop undefined, keep plain data. */
function clean(v: unknown): unknown {
  return v === undefined ? null : v;
}
