// How a tool is declared: its name, what it takes (parsed and validated from
// JSON), what it returns, and documentation the CLI help and docs/tools.md are
// generated from.
import type { Db } from '../db/database';
import type { EngineServices } from '../services';
import type { Args } from '../args';

export interface ToolContext {
  db: Db;
  now(): number;
  /** The engine's services (embeddings, writable folders). */
  services: EngineServices;
}

export interface ParamDoc {
  name: string;
  type: string;
  description: string;
  required?: boolean;
  /**
   * Other names accepted for this argument (Basic Memory's, e.g. `project` for
   * `vault`): renamed to `name` before parse() sees the arguments, and named
   * as written in errors.
   */
  aliases?: readonly string[];
}

export interface WriteHints {
  /** It may overwrite or remove what is stored (false: it only adds, or sets a switch that can be set back). */
  destructive: boolean;
  /** Called again with the same arguments, it changes nothing more. */
  idempotent: boolean;
}

export interface ToolDef<I, O> {
  name: string;
  aliases?: readonly string[];
  description: string;
  params: readonly ParamDoc[];
  examples?: readonly Args[];
  /** Changes stored state (notes, settings, embeddings): runs in the write lane, one at a time, and agents are told it is not read-only. */
  write?: boolean;
  /**
   * Arguments of the tool this one stands in for (Basic Memory's) that it does
   * not take, each with what to use instead: refused with that advice rather
   * than as an unknown name with a misleading "did you mean".
   */
  foreign?: Readonly<Record<string, string>>;
  /** What a write does, for agents' clients (MCP tool annotations); every write declares it. */
  hints?: WriteHints;
  parse(args: Args, ctx: ToolContext): I;
  run(ctx: ToolContext, input: I): O | Promise<O>;
}

export function defineTool<I, O>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}
