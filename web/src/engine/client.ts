// The UI's only way into the engine: a comlink proxy over the worker, and a
// typed call() over the tool contract.
import * as Comlink from 'comlink';
import type { EngineApi, OpenState } from '../../../worker/entry.worker';
import type { ToolName, ToolOutput } from '../../../worker/tools/registry';
import type { ToolErrorResult } from '../../../worker/tools/errors';
import type { ImportProgress, ImportSummary } from '../../../worker/ingest/import';

export type { OpenState, ImportProgress, ImportSummary, ToolErrorResult };

let remote: Comlink.Remote<EngineApi> | undefined;

export function engineApi(): Comlink.Remote<EngineApi> {
  if (!remote) {
    const worker = new Worker(new URL('../../../worker/entry.worker.ts', import.meta.url), { type: 'module', name: 'kioku-engine' });
    remote = Comlink.wrap<EngineApi>(worker);
  }
  return remote;
}

export function isToolError(v: unknown): v is ToolErrorResult {
  return typeof v === 'object' && v !== null && (v as { isError?: unknown }).isError === true;
}

export async function call<N extends ToolName>(name: N, args: Record<string, unknown> = {}): Promise<ToolOutput<N> | ToolErrorResult> {
  return (await engineApi().call(name, args)) as ToolOutput<N> | ToolErrorResult;
}

/** Wraps a progress callback so it can cross the worker boundary. */
export function progressProxy(fn: (p: ImportProgress) => void): (p: ImportProgress) => void {
  return Comlink.proxy(fn);
}

/** A tool that may not exist in this engine yet (the UI checks capabilities first). */
export async function callTool<T>(name: string, args: Record<string, unknown> = {}): Promise<T | ToolErrorResult> {
  return (await engineApi().call(name, args)) as T | ToolErrorResult;
}
