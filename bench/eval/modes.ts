// The modes `npm run eval` knows. Each turns an engine into a ranking
// function; vector and hybrid register here when they exist.
import type { Engine } from '../../worker/engine';
import type { RankFn } from './harness';

interface Hit {
  path: string;
}

/** A mode of the real search tool, called exactly as the UI and agents call it. */
export function toolMode(engine: Engine, mode: string, extra: Record<string, unknown> = {}): RankFn {
  return async (query) => {
    const r = (await engine.call('search', { query, mode, page_size: 100, ...extra })) as { results?: Hit[]; isError?: boolean; error?: unknown };
    if (r.isError) throw new Error(`search failed for ${JSON.stringify(query)}: ${JSON.stringify(r.error)}`);
    return r.results!.map((h) => h.path);
  };
}

export const EVAL_MODES: Record<string, (engine: Engine) => RankFn> = {
  text: (engine) => toolMode(engine, 'text'),
};
