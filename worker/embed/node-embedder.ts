// Node host of the embedder (the kioku CLI, tests, benchmarks): the bundled
// model is read from public/models on disk, hub models are downloaded once
// into a cache folder, folder models are read where they are.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Embedder } from './embedder';
import { specFromFolder, type ModelSpec } from './models';
import { createTransformersEmbedder } from './transformers-embedder';
import { threadPoolOptions } from './threads';

export interface NodeEmbedderOptions {
  /** Folder holding the bundled models (default: the app's public/models). */
  bundledDir?: string;
  /** Where downloaded models are kept (default: $KIOKU_MODEL_CACHE or ~/.cache/kioku/models). */
  cacheDir?: string;
  /** Hub to download from (default: $KIOKU_HF_HOST or https://huggingface.co/). */
  remoteHost?: string;
  /** Never download; use only bundled, cached or folder models. */
  offline?: boolean;
  /** ONNX Runtime's intra-op threads (default: its own choice, one per physical core). */
  threads?: number;
  /** Let ONNX Runtime's idle threads spin (its default; off here: it wastes CPU on a busy machine). */
  spinning?: boolean;
}

export const BUNDLED_MODELS_DIR = fileURLToPath(new URL('../../public/models/', import.meta.url));

export function defaultModelCache(): string {
  return process.env.KIOKU_MODEL_CACHE ?? join(homedir(), '.cache', 'kioku', 'models');
}

export function nodeEmbedder(opts: NodeEmbedderOptions = {}): Embedder {
  const withSlash = (s: string) => (s.endsWith('/') ? s : `${s}/`);
  return createTransformersEmbedder({
    async lib() {
      const lib = await import('@huggingface/transformers');
      lib.env.logLevel = lib.LogLevel.ERROR;
      return lib;
    },
    async locate(spec, { env }) {
      env.useFSCache = true;
      env.cacheDir = withSlash(opts.cacheDir ?? defaultModelCache());
      switch (spec.source.kind) {
        case 'bundled':
          env.allowLocalModels = true;
          env.allowRemoteModels = false;
          env.localModelPath = withSlash(opts.bundledDir ?? BUNDLED_MODELS_DIR);
          return spec.source.path;
        case 'hub':
          // Remote ids never resolve against local folders: a stray folder of the same name must not shadow the hub.
          env.allowLocalModels = false;
          env.allowRemoteModels = !opts.offline;
          env.remoteHost = withSlash(opts.remoteHost ?? process.env.KIOKU_HF_HOST ?? 'https://huggingface.co/');
          return spec.source.repo;
        case 'folder':
          if (!spec.source.dir) throw new Error(`The folder of model "${spec.label}" is not known on this machine.`);
          env.allowLocalModels = true;
          env.allowRemoteModels = false;
          return resolve(spec.source.dir);
      }
    },
    async devices() {
      return ['cpu'];
    },
    sessionOptions: () => threadPoolOptions({ threads: opts.threads, spinning: opts.spinning ?? false }),
  });
}

/** A model folder on disk (transformers.js layout) described as a spec. */
export function folderModelSpec(dir: string, name = basename(resolve(dir))): ModelSpec {
  const read = (p: string) => (existsSync(join(dir, p)) ? readFileSync(join(dir, p), 'utf8') : undefined);
  if (!read('config.json')) throw new Error(`${dir} is not a transformers.js model folder (no config.json).`);
  const spec = specFromFolder(
    name,
    {
      config: read('config.json'),
      tokenizerConfig: read('tokenizer_config.json'),
      pooling: read('1_Pooling/config.json'),
      sentenceTransformers: read('config_sentence_transformers.json'),
      kioku: read('kioku.json'),
    },
    resolve(dir),
  );
  const q8 = existsSync(join(dir, 'onnx', 'model_quantized.onnx'));
  const fp32 = existsSync(join(dir, 'onnx', 'model.onnx'));
  if (!q8 && !fp32) throw new Error(`${dir} has no onnx/model.onnx or onnx/model_quantized.onnx.`);
  return { ...spec, dtype: q8 ? 'q8' : 'fp32' };
}
