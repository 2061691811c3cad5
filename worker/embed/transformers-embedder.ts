// The Embedder over transformers.js feature extraction. The same code runs in
// the browser's embed worker and in Node; a host says where model files are
// (app origin, hub, OPFS folder, disk) and which devices to try.
import type { Embedder, LoadedModel, LoadProgress, Role } from './embedder';
import { JobQueue } from './embedder';
import type { ModelSpec } from './models';
import type { ThreadPlan } from './threads';
import { speedUpUnigram } from './unigram';

type Transformers = typeof import('@huggingface/transformers');
type Extractor = Awaited<ReturnType<Transformers['pipeline']>> & { dispose(): Promise<void> };

export interface EmbedHost {
  /** The transformers.js module (imported lazily: it is large). */
  lib(): Promise<Transformers>;
  /** Points transformers.js' env at the spec's files; returns the id or path to load. */
  locate(spec: ModelSpec, lib: Transformers): Promise<string>;
  /** Devices to try, best first ('webgpu', 'wasm', 'cpu'). */
  devices(spec: ModelSpec): Promise<string[]>;
  /** The wasm backend's thread count and its reason, where the host sets one (the browser). */
  threads?(): ThreadPlan;
  /** ONNX Runtime session options for every session (thread pool settings). */
  sessionOptions?(): Record<string, unknown>;
}

/** Vocabularies larger than this are not passed on (they hold nearly every word anyway). */
const MAX_WORDS = 300_000;

/**
 * The whole words of a SentencePiece or byte-level BPE vocabulary: pieces
 * that start a word (▁word, Ġword), lower case, at least two letters. Null
 * when the tokenizer does not expose its vocabulary in one of those forms.
 */
function wholeWords(extractor: Extractor): string[] | undefined {
  const tokenizer = (extractor as unknown as { tokenizer?: { get_vocab?: () => Map<string, number> | Record<string, number> } }).tokenizer;
  let vocab: unknown;
  try {
    vocab = tokenizer?.get_vocab?.();
  } catch {
    return undefined;
  }
  const pieces: unknown[] = vocab instanceof Map ? [...vocab.keys()] : vocab && typeof vocab === 'object' ? Object.keys(vocab) : [];
  if (!pieces.length || pieces.length > MAX_WORDS) return undefined;
  const out = new Set<string>();
  for (const p of pieces) {
    if (typeof p !== 'string' || !(p.startsWith('\u2581') || p.startsWith('\u0120'))) continue;
    const w = p.slice(1).toLowerCase();
    if (w.length >= 2 && /\p{L}/u.test(w)) out.add(w);
  }
  return out.size ? [...out] : undefined;
}

/** A sentence every model must turn into a finite unit vector of the declared size. */
const PROBE = 'An anemometer measures wind speed.';

export function createTransformersEmbedder(host: EmbedHost): Embedder {
  const queue = new JobQueue();
  let current: { spec: ModelSpec; extractor: Extractor; info: LoadedModel } | null = null;

  async function run(extractor: Extractor, spec: ModelSpec, texts: string[]): Promise<Float32Array> {
    const out = (await (extractor as unknown as (t: string[], o: object) => Promise<{ data: Float32Array; dims: number[] }>)(texts, {
      pooling: spec.pooling,
      normalize: true,
    }));
    const [n, dim] = out.dims;
    if (n !== texts.length) throw new Error(`the model returned ${n} vectors for ${texts.length} texts`);
    const data = new Float32Array(out.data.buffer.slice(out.data.byteOffset, out.data.byteOffset + n * dim * 4));
    for (let i = 0; i < data.length; i++) {
      if (!Number.isFinite(data[i])) throw new Error(`the model returned an invalid vector for text ${Math.floor(i / dim) + 1} of ${n}`);
    }
    return data;
  }

  async function load(spec: ModelSpec, onProgress?: (p: LoadProgress) => void): Promise<LoadedModel> {
    if (current?.spec.id === spec.id) return current.info;
    const started = performance.now();
    const lib = await host.lib();
    if (current) {
      const old = current;
      current = null;
      await old.extractor.dispose().catch(() => undefined);
    }
    const path = await host.locate(spec, lib);
    const progress_callback = (e: { status: string; file?: string; loaded?: number; total?: number; progress?: number }) => {
      if (!onProgress) return;
      if (e.status === 'progress_total') {
        onProgress({ phase: 'download', loaded: e.loaded ?? 0, total: e.total ?? 0, progress: e.progress ?? 0 });
      } else if (e.status === 'progress') {
        onProgress({ phase: 'download', file: e.file, loaded: e.loaded ?? 0, total: e.total ?? 0, progress: e.progress ?? 0 });
      } else if (e.status === 'ready') {
        onProgress({ phase: 'loading', loaded: 0, total: 0, progress: 100 });
      }
    };
    const failures: string[] = [];
    for (const device of await host.devices(spec)) {
      try {
        const extractor = (await lib.pipeline('feature-extraction', path, {
          dtype: device === 'webgpu' && spec.gpuDtype ? spec.gpuDtype : spec.dtype,
          device: device as never,
          ...(host.sessionOptions ? { session_options: host.sessionOptions() } : {}),
          progress_callback,
        } as never)) as unknown as Extractor;
        // Same pieces, a fraction of the CPU (USE-lite's SentencePiece; unigram.ts checks it agrees first).
        speedUpUnigram((extractor as unknown as { tokenizer?: unknown }).tokenizer);
        // Check the model before trusting it with a whole vault.
        const probe = await run(extractor, spec, [spec.passagePrefix + PROBE]);
        if (spec.dim && probe.length !== spec.dim) {
          await extractor.dispose().catch(() => undefined);
          throw new Error(`it produces ${probe.length}-dimensional vectors, not the ${spec.dim} its description says`);
        }
        const words = wholeWords(extractor);
        const plan = host.threads?.();
        const threads = plan ? (device === 'wasm' ? { threads: plan.threads, threadReason: plan.reason } : { threads: 0, threadReason: 'not_wasm' as const }) : {};
        const info: LoadedModel = { id: spec.id, dim: probe.length, device, ms: Math.round(performance.now() - started), ...threads, ...(words ? { words } : {}) };
        current = { spec: { ...spec, dim: probe.length }, extractor, info };
        return info;
      } catch (e) {
        failures.push(`${device}: ${(e as Error)?.message ?? e}`);
      }
    }
    throw new Error(`The model "${spec.label}" could not be loaded (${failures.join('; ')}).`);
  }

  return {
    load: (spec, onProgress) => queue.push(true, () => load(spec, onProgress)),
    embed: (texts, role) =>
      queue.push(role === 'query', async () => {
        if (!current) throw new Error('No embedding model is loaded.');
        if (texts.some((t) => !t.trim())) throw new Error('Empty text cannot be embedded.');
        const prefix = role === 'query' ? current.spec.queryPrefix : current.spec.passagePrefix;
        return run(current.extractor, current.spec, prefix ? texts.map((t) => prefix + t) : texts);
      }),
    tokenCounts: (texts) =>
      queue.push(false, async () => {
        const tokenizer = (current?.extractor as unknown as { tokenizer?: { encode?: (t: string) => number[] } } | undefined)?.tokenizer;
        const prefix = current?.spec.passagePrefix ?? '';
        return texts.map((t) => tokenizer?.encode?.(prefix + t).length ?? t.length);
      }),
  };
}
