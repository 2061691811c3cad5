// The tools as agents see them: each tool and each tool alias with its
// description and the JSON Schema of its arguments. The MCP server, the
// browser's WebMCP registration and the Tools page all list exactly this.
import type { ToolDef } from './define';
import { toolInputSchema, type JsonSchema } from './json-schema';
import { TOOLS } from './registry';
import { findTool } from './call';

export interface ToolInfo {
  /** The name to call (a tool's own name or one of its aliases). */
  name: string;
  /** The tool's own name (the same as name unless this is an alias). */
  tool: string;
  description: string;
  inputSchema: JsonSchema;
  /** Changes notes (MCP: only with --allow-write); settings tools such as subscribe do not count. */
  write: boolean;
  /** MCP's tool annotations: read-only unless the tool changes anything stored (notes, settings, embeddings). */
  hints: ToolHints;
  params: { name: string; type: string; description: string; required: boolean; aliases: string[] }[];
  examples: unknown[];
}

export interface ToolHints {
  readOnlyHint: boolean;
  /** Meaningful for a tool that is not read-only (MCP): it may overwrite or remove what is stored. */
  destructiveHint: boolean;
  idempotentHint?: boolean;
  openWorldHint: false;
}

/** The tools that change notes (in the folder or as unsaved edits). */
export const NOTE_WRITERS: ReadonlySet<string> = new Set(['write_note', 'create_note', 'write_back', 'WriteNote']);

export function toolCatalog(): ToolInfo[] {
  const out: ToolInfo[] = [];
  for (const def of Object.values(TOOLS) as ToolDef<unknown, unknown>[]) {
    const base = {
      tool: def.name,
      inputSchema: toolInputSchema(def),
      write: NOTE_WRITERS.has(def.name),
      hints: hintsOf(def),
      params: def.params.map((p) => ({ name: p.name, type: p.type, description: p.description, required: !!p.required, aliases: [...(p.aliases ?? [])] })),
      examples: [...(def.examples ?? [])],
    };
    out.push({ name: def.name, description: def.description, ...base });
    for (const alias of def.aliases ?? []) out.push({ name: alias, description: `Same as ${def.name}. ${def.description}`, ...base });
  }
  return out;
}

/** Clients may approve a read-only tool without asking, so every tool that changes stored state says it does. */
function hintsOf(def: ToolDef<unknown, unknown>): ToolHints {
  if (!def.write) return { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
  if (!def.hints) throw new Error(`Tool registry: ${def.name} writes but does not declare its hints (destructive, idempotent).`);
  return { readOnlyHint: false, destructiveHint: def.hints.destructive, idempotentHint: def.hints.idempotent, openWorldHint: false };
}

/**
 * set_identity with any argument changes (or clears) who the caller is; with
 * none it only tells. An agent acts for the user the app or `--user` names and
 * may only ask, so it cannot read notes that user may not.
 */
export function changesIdentity(tool: string, args: unknown): boolean {
  return findTool(tool)?.name === 'set_identity' && !!args && typeof args === 'object' && Object.keys(args).length > 0;
}
