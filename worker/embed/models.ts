// The embedding models Kioku knows: the bundled default, models it can
// download from the Hugging Face hub, and models a user loads from a folder.
// Plain data: the embed worker loads what a spec names; the engine chunks and
// stores by what it says (token budget, scripts, dimension).

export type ModelSource =
  /** Shipped with the app under public/models/<path>/ (served by the app itself). */
  | { kind: 'bundled'; path: string }
  /** Downloaded from the Hugging Face hub (or env.remoteHost) on first use, then cached. */
  | { kind: 'hub'; repo: string; revision?: string }
  /** A transformers.js model folder the user gave: stored in OPFS in the browser, a directory in Node. */
  | { kind: 'folder'; name: string; dir?: string };

export interface ModelSpec {
  /** Stored with every vector; never reuse an id for different weights. */
  id: string;
  label: string;
  source: ModelSource;
  /** Output dimension (checked against the model's output when it loads). */
  dim: number;
  /** Tokens the model reads; longer input is cut. */
  maxTokens: number;
  /** Target size of a chunk, title included, in the model's tokens. */
  chunkTokens: number;
  /** Average characters per token of the model's tokenizer on English prose (for the chunker's estimate). */
  charsPerToken: number;
  pooling: 'cls' | 'mean';
  queryPrefix: string;
  passagePrefix: string;
  /** Scripts the model reads: 'all' for multilingual models; text mostly in other scripts is not embedded. */
  scripts: 'all' | readonly Script[];
  /** ONNX weights to load on the CPU (wasm): 'q8' is model_quantized.onnx, 'int8' model_int8.onnx, 'fp32' model.onnx. */
  dtype: 'q8' | 'int8' | 'fp32' | 'fp16';
  /** Weights to load on WebGPU; without it the model runs on wasm only. */
  gpuDtype?: 'fp32' | 'fp16';
  /**
   * Similarity below which a note is unrelated to the query for this model
   * and is not a vector hit (calibrated per model; absent: no cut).
   */
  minScore?: number;
  /**
   * How far below the best note in scope a note may score and still be a
   * vector hit (a query-relative cut, calibrated per model; absent: the
   * default in worker/search/meaning-criterion.ts).
   */
  maxGap?: number;
  /** Approximate download size, for the UI. */
  sizeMB: number;
  license: string;
  languages: string;
}

export type Script = 'latin' | 'cyrillic' | 'greek' | 'cjk' | 'hangul' | 'arabic' | 'hebrew' | 'devanagari' | 'thai' | 'other';

export const DEFAULT_MODEL_ID = 'use-lite-int8';
/** The bundled model's first file (int8 weights folded back to float32 at load): kept for databases that chose it. */
export const USE_LITE_Q8_ID = 'use-lite';

const USE_LITE_Q8: ModelSpec = {
  id: USE_LITE_Q8_ID,
  label: 'Universal Sentence Encoder lite, int8 weights in float32 compute (bundled, English; slower, the earlier default)',
  source: { kind: 'bundled', path: 'use-lite-onnx' },
  dim: 512,
  maxTokens: 128,
  // Measured with the real tokenizer: chunks estimated at 120 tokens stay under 128 (see chunk.test.ts).
  chunkTokens: 120,
  charsPerToken: 3.1,
  pooling: 'cls',
  queryPrefix: '',
  passagePrefix: '',
  scripts: ['latin'],
  dtype: 'q8',
  // Unrelated sentences score 0.01-0.26 with USE-lite; on Cranfield 99.9% of judged-relevant documents score above 0.25.
  minScore: 0.25,
  // On the seekstone question and paraphrase sets the judged note scores within 0.12 of the best in 9 of 10 cases (docs/embeddings.md).
  maxGap: 0.12,
  sizeMB: 7.2,
  license: 'Apache-2.0',
  languages: 'English',
};

// USE-lite with int8 compute (MatMulInteger, model_int8.onnx, built from model_quantized.onnx by
// npm run model:int8): about twice as fast on the CPU, same ranking (docs/embeddings.md), so it keeps the
// earlier file's chunking and score calibration. Its own id: vectors are keyed by model, so they never mix.
const USE_LITE_INT8: ModelSpec = {
  ...USE_LITE_Q8,
  id: DEFAULT_MODEL_ID,
  label: 'Universal Sentence Encoder lite (bundled, English)',
  dtype: 'int8',
};

export const BUILTIN_MODELS: readonly ModelSpec[] = [
  USE_LITE_INT8,
  USE_LITE_Q8,
  {
    id: 'Xenova/multilingual-e5-small',
    label: 'multilingual E5 small (download, 100 languages incl. Japanese)',
    source: { kind: 'hub', repo: 'Xenova/multilingual-e5-small' },
    dim: 384,
    maxTokens: 512,
    // Shorter than the model's window: finer chunks rank passages better and cost less per batch on CPU.
    chunkTokens: 256,
    charsPerToken: 3.6,
    pooling: 'mean',
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    scripts: 'all',
    dtype: 'q8',
    gpuDtype: 'fp32',
    sizeMB: 118,
    license: 'MIT',
    languages: '100 languages, including Japanese',
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    label: 'all-MiniLM-L6-v2 (download, English)',
    source: { kind: 'hub', repo: 'Xenova/all-MiniLM-L6-v2' },
    dim: 384,
    maxTokens: 256,
    chunkTokens: 200,
    charsPerToken: 4.2,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    scripts: ['latin'],
    dtype: 'q8',
    gpuDtype: 'fp32',
    minScore: 0.15,
    sizeMB: 23,
    license: 'Apache-2.0',
    languages: 'English',
  },
];

export function builtinModel(id: string): ModelSpec | undefined {
  return BUILTIN_MODELS.find((m) => m.id === id);
}

/** Identifies a chunking: notes chunked under another id are chunked again. */
export function chunkerId(spec: Pick<ModelSpec, 'chunkTokens' | 'charsPerToken' | 'scripts'>): string {
  const scripts = spec.scripts === 'all' ? 'all' : [...spec.scripts].sort().join('+');
  return `v1:${spec.chunkTokens}:${spec.charsPerToken}:${scripts}`;
}

/** The id a folder model gets: stable for the same name, distinct from hub ids. */
export function folderModelId(name: string): string {
  return `folder:${name}`;
}

/**
 * Reads what a transformers.js / sentence-transformers folder says about
 * itself (all files optional) into a spec. Pure: the host passes file texts.
 */
export function specFromFolder(
  name: string,
  files: { config?: string; tokenizerConfig?: string; pooling?: string; sentenceTransformers?: string; kioku?: string },
  dir?: string,
): ModelSpec {
  const json = (s: string | undefined): Record<string, unknown> => {
    if (!s) return {};
    try {
      const v = JSON.parse(s);
      return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const config = json(files.config);
  const tok = json(files.tokenizerConfig);
  const pool = json(files.pooling);
  const st = json(files.sentenceTransformers);
  const kioku = json(files.kioku);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
  const maxTokens = Math.min(num(tok.model_max_length) ?? num(config.max_position_embeddings) ?? 512, num(config.max_position_embeddings) ?? 512, 8192);
  const prompts = (st.prompts ?? {}) as Record<string, unknown>;
  const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
  const scripts = kioku.scripts === 'all' || kioku.scripts === undefined ? 'all' : (kioku.scripts as Script[]);
  return {
    id: folderModelId(name),
    label: str(kioku.label, `${name} (from a folder)`),
    source: { kind: 'folder', name, ...(dir ? { dir } : {}) },
    dim: num(kioku.dim) ?? num(config.hidden_size) ?? 0,
    maxTokens,
    chunkTokens: Math.min(num(kioku.chunkTokens) ?? 256, maxTokens),
    charsPerToken: num(kioku.charsPerToken) ?? 3.2,
    pooling: pool.pooling_mode_cls_token === true || kioku.pooling === 'cls' ? 'cls' : 'mean',
    queryPrefix: str(kioku.queryPrefix, str(prompts.query, '')),
    passagePrefix: str(kioku.passagePrefix, str(prompts.passage ?? prompts.document, '')),
    // Without a statement of its languages a folder model is trusted with every script.
    scripts,
    dtype: kioku.dtype === 'fp32' || kioku.dtype === 'fp16' ? kioku.dtype : 'q8',
    sizeMB: 0,
    license: str(kioku.license, 'see the folder'),
    languages: str(kioku.languages, scripts === 'all' ? 'as the model supports' : 'English'),
  };
}
