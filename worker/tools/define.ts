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

export interface ToolDef<I, O> {
  name: string;
  aliases?: readonly string[];
  description: string;
  params: readonly ParamDoc[];
  examples?: readonly Args[];
  /** Writes run one at a time. */
  write?: boolean;
  parse(args: Args, ctx: ToolContext): I;
  run(ctx: ToolContext, input: I): O | Promise<O>;
}

export function defineTool<I, O>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}
