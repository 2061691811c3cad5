// Query vectors of EmbedService (service.ts): a query the model cannot read
// is refused with the reason, and recent queries are kept (searches repeat
// with every keystroke), per model.
import type { Embedder } from './embedder';
import type { ModelSpec } from './models';
import { modelReads, QUERY_MIN_SHARE } from './script';

export type QueryVector =
  | { ok: true; vector: Float32Array }
  | { ok: false; reason: 'language' | 'unavailable'; message: string };

const QUERY_CACHE = 256;

export class QueryVectors {
  private readonly cache = new Map<string, Float32Array>();

  clear(): void {
    this.cache.clear();
  }

  /**
   * What is known of the query's vector without running the model: the
   * refusal of a query the model cannot read, or the cached vector; null
   * when the model must embed it.
   */
  known(spec: ModelSpec, text: string): QueryVector | null {
    const q = text.trim();
    if (!modelReads(q, spec, QUERY_MIN_SHARE)) {
      return { ok: false, reason: 'language', message: `The embedding model (${spec.label}) reads ${spec.languages} only; this query was ranked by text.` };
    }
    const hit = this.cache.get(`${spec.id}\u0000${q}`);
    return hit ? { ok: true, vector: hit } : null;
  }

  /**
   * The query's vector with `spec`, loading the model first when `load` says
   * it must (null: loaded). With the model loaded the request reaches the
   * model before this returns, so the caller's own work (hybrid's text side)
   * runs while the model embeds the query rather than before it.
   */
  async vector(spec: ModelSpec, embedder: Embedder | null, load: () => Promise<void> | null, text: string): Promise<QueryVector> {
    const known = this.known(spec, text);
    if (known) return known;
    const q = text.trim();
    const key = `${spec.id}\u0000${q}`;
    if (!embedder) return { ok: false, reason: 'unavailable', message: 'The embedding model is not available here, so search by meaning cannot run.' };
    try {
      const loading = load();
      if (loading) await loading;
      const vector = await embedder.embed([q], 'query');
      if (this.cache.size >= QUERY_CACHE) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, vector);
      return { ok: true, vector };
    } catch (e) {
      return { ok: false, reason: 'unavailable', message: `The embedding model could not run: ${(e as Error)?.message ?? e}` };
    }
  }
}
