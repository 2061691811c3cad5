// Every tool of the contract, keyed by name. The UI, the CLI and agents all
// go through callTool() with these names; types derive from this object.
import { fieldsTool } from './fields';
import { findTool } from './find';
import { problemsTool } from './problems';
import { readNoteTool } from './read-note';
import { searchTool } from './search';
import { vaultsTool } from './vaults';
import type { ToolDef } from './define';

export const TOOLS = {
  search: searchTool,
  find: findTool,
  fields: fieldsTool,
  read_note: readNoteTool,
  vaults: vaultsTool,
  problems: problemsTool,
} as const;

export type Tools = typeof TOOLS;
export type ToolName = keyof Tools;
export type ToolInput<N extends ToolName> = Tools[N] extends ToolDef<infer I, unknown> ? I : never;
export type ToolOutput<N extends ToolName> = Tools[N] extends ToolDef<unknown, infer O> ? O : never;
