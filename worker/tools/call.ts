// The one entry point of the contract: call(name, args). It never throws and
// never rejects; bad input and failures come back as error results.
import { asArgs } from './args';
import type { ToolContext, ToolDef } from './define';
import { toErrorResult, toolError, type ToolErrorResult } from './errors';
import { TOOLS, type ToolName, type ToolOutput } from './registry';
import { editDistance } from '../text/edit-distance';

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
    checkArgNames(def, args);
    const parsed = def.parse(args, ctx);
    if (!def.write) return clean(await def.run(ctx, parsed));
    const run = (writeQueues.get(ctx.db) ?? Promise.resolve()).then(() => def.run(ctx, parsed));
    writeQueues.set(ctx.db, run.catch(() => undefined));
    return clean(await run);
  } catch (e) {
    return toErrorResult(e);
  }
}

/**
 * A misspelt argument (`page-size`, `filter`) would otherwise be ignored and
 * the call would quietly answer a different question, so unknown names are
 * refused, with the nearest accepted name as a hint.
 */
function checkArgNames(def: ToolDef<unknown, unknown>, args: Record<string, unknown>): void {
  const accepted = acceptedNames(def);
  for (const key of Object.keys(args)) {
    if (accepted.has(key)) continue;
    const names = def.params.map((p) => p.name);
    const near = nearest(key, names);
    const hint = near ? ` Did you mean ${JSON.stringify(near)}?` : '';
    const list = names.length ? ` ${def.name} takes: ${names.join(', ')}.` : ` ${def.name} takes no arguments.`;
    throw toolError('invalid_argument', `Unknown argument ${JSON.stringify(key)}.${hint}${list}`, key);
  }
}

// Aliases (Basic Memory's names, e.g. `project` for `vault`) are declared where
// users read them: "alias: x" or "aliases: x, y" in the parameter's description.
const acceptedCache = new WeakMap<object, Set<string>>();
function acceptedNames(def: ToolDef<unknown, unknown>): Set<string> {
  let names = acceptedCache.get(def);
  if (!names) {
    names = new Set();
    for (const p of def.params) {
      names.add(p.name);
      for (const m of p.description.matchAll(/\balias(?:es)?: ([a-z_]+(?:, [a-z_]+)*)/g)) {
        for (const a of m[1].split(',')) names.add(a.trim());
      }
    }
    acceptedCache.set(def, names);
  }
  return names;
}

function nearest(word: string, names: readonly string[]): string | undefined {
  const w = word.toLowerCase().replace(/-/g, '_');
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const n of names) {
    const d = n.startsWith(w) ? 1 : editDistance(w, n);
    if (d < bestDistance) [best, bestDistance] = [n, d];
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

/** Results must survive JSON (CLI) and structured clone (worker): drop undefined, keep plain data. */
function clean(v: unknown): unknown {
  return v === undefined ? null : v;
}
