// The one entry point of the contract: call(name, args). It never throws and
// never rejects; bad input and failures come back as error results.
import { asArgs, canonicalArgs, writtenPath, type Args } from '../args';
import type { ToolContext, ToolDef } from './define';
import { ToolError, toErrorResult, toolError, type ToolErrorResult } from '../errors';
import { TOOLS, type ToolName, type ToolOutput } from './registry';
import { editDistance } from '../text/edit-distance';
import { writeLane } from '../db/lane';

/**
 * Tools by name and alias. A name or alias used twice would let one tool
 * silently shadow another, and a parameter alias equal to another parameter
 * would make one of them unreachable: both are refused when the table is built.
 */
export function buildToolTable(defs: readonly ToolDef<unknown, unknown>[]): Map<string, ToolDef<unknown, unknown>> {
  const table = new Map<string, ToolDef<unknown, unknown>>();
  for (const def of defs) {
    for (const n of [def.name, ...(def.aliases ?? [])]) {
      const other = table.get(n);
      if (other) throw new Error(`Tool registry: "${n}" of ${def.name} is already ${other.name === n ? 'a tool' : `an alias of ${other.name}`}.`);
      table.set(n, def);
    }
    const params = new Map<string, string>();
    for (const p of def.params) {
      for (const n of [p.name, ...(p.aliases ?? [])]) {
        const owner = params.get(n);
        if (owner !== undefined) throw new Error(`Tool registry: ${def.name} argument "${n}" of ${p.name} is already taken by ${owner}.`);
        params.set(n, p.name);
      }
    }
  }
  return table;
}

const byName = buildToolTable(Object.values(TOOLS) as ToolDef<unknown, unknown>[]);

export function toolNames(): string[] {
  return [...byName.keys()].sort();
}

export function findTool(name: string): ToolDef<unknown, unknown> | undefined {
  return byName.get(name);
}

export async function callTool<N extends ToolName>(ctx: ToolContext, name: N, input?: unknown): Promise<ToolOutput<N> | ToolErrorResult>;
export async function callTool(ctx: ToolContext, name: string, input?: unknown): Promise<unknown>;
export async function callTool(ctx: ToolContext, name: string, input?: unknown): Promise<unknown> {
  try {
    const def = typeof name === 'string' ? byName.get(name) : undefined;
    if (!def) {
      throw toolError('unknown_tool', `Unknown tool ${JSON.stringify(name)}. Available tools: ${[...new Set([...byName.values()].map((d) => d.name))].sort().join(', ')}.`, 'tool');
    }
    const given = asArgs(input);
    checkArgNames(def, given, name);
    const args = canonicalArgs(given, def.params);
    try {
      const parsed = def.parse(args, ctx);
      if (!def.write) return clean(await def.run(ctx, parsed));
      // Writes take the database's one write lane, with imports and the embedding queue.
      return clean(await writeLane(ctx.db).run(() => def.run(ctx, parsed)));
    } catch (e) {
      throw asWritten(e, args);
    }
  } catch (e) {
    return toErrorResult(e);
  }
}

/** An error about a canonical argument names it as the caller wrote it (project, not vault). */
function asWritten(e: unknown, args: Args): unknown {
  if (!(e instanceof ToolError) || e.path === undefined) return e;
  const path = writtenPath(args, e.path);
  return path === e.path ? e : new ToolError(e.code, e.message, path, e.details);
}

/**
 * A misspelt argument (`page-size`, `filter`) would otherwise be ignored and
 * the call would quietly answer a different question, so unknown names are
 * refused, with the nearest accepted name as a hint.
 */
function checkArgNames(def: ToolDef<unknown, unknown>, args: Record<string, unknown>, called: string): void {
  const accepted = acceptedNames(def);
  // Named as the caller called it: an agent that called search_notes has never heard of search.
  const tool = called === def.name ? def.name : `${called} (Kioku's ${def.name})`;
  for (const key of Object.keys(args)) {
    if (accepted.has(key)) continue;
    const instead = def.foreign && Object.hasOwn(def.foreign, key) ? def.foreign[key] : undefined;
    if (instead !== undefined) throw toolError('invalid_argument', `${tool} does not take ${JSON.stringify(key)} (Basic Memory's argument). ${instead}`, key, { reason: 'not_supported' });
    const names = def.params.map((p) => p.name);
    const near = nearest(key, names);
    const hint = near ? ` Did you mean ${JSON.stringify(near)}?` : '';
    const list = names.length ? ` ${tool} takes: ${names.join(', ')}.` : ` ${tool} takes no arguments.`;
    throw toolError('invalid_argument', `Unknown argument ${JSON.stringify(key)}.${hint}${list}`, key);
  }
}

// Every name a parameter declares, its own and its aliases (data on ParamDoc).
const acceptedCache = new WeakMap<object, Set<string>>();
function acceptedNames(def: ToolDef<unknown, unknown>): Set<string> {
  let names = acceptedCache.get(def);
  if (!names) {
    names = new Set(def.params.flatMap((p) => [p.name, ...(p.aliases ?? [])]));
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
