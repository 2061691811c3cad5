// "Load a model from a folder" in the browser: the files of a transformers.js
// model folder are copied into the Origin Private File System, described as a
// ModelSpec, and served back to transformers.js through its fetch hook, so
// the model works offline on machines that never reach the hub.
import { specFromFolder, type ModelSpec } from './models';

/** URL prefix transformers.js is pointed at for folder models; the embed worker's fetch answers it from OPFS. */
export const OPFS_MODEL_PREFIX = '/__kioku_opfs_models__/';
const ROOT = 'kioku-models';

export interface FolderFile {
  /** Path inside the folder, '/' separated; a common top folder is removed. */
  path: string;
  file: Blob;
}

/** A name OPFS and URLs both accept. */
export function safeModelName(name: string): string {
  const s = name.normalize('NFKC').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|-+$/g, '').slice(0, 80);
  if (!s) throw new Error('A model folder needs a name made of letters, digits, ".", "-" or "_".');
  return s;
}

/** Drops the folder's own name when every path starts with it ("my-model/config.json" → "config.json"). */
export function relativeFiles<F extends { path: string }>(files: F[]): F[] {
  const tops = new Set(files.map((f) => f.path.split('/')[0]));
  const nested = tops.size === 1 && files.every((f) => f.path.includes('/')) && !files.some((f) => f.path === 'config.json');
  return nested ? files.map((f) => ({ ...f, path: f.path.slice(f.path.indexOf('/') + 1) })) : files;
}

/** What a folder must contain to load; null when it does, the problem otherwise. */
export function folderProblem(paths: string[]): string | null {
  const has = (p: string) => paths.includes(p);
  const missing = ['config.json', 'tokenizer.json'].filter((p) => !has(p));
  if (!has('onnx/model.onnx') && !has('onnx/model_quantized.onnx')) missing.push('onnx/model.onnx or onnx/model_quantized.onnx');
  return missing.length
    ? `This folder is not a transformers.js model folder: it has no ${missing.join(', ')}. Choose the folder that holds config.json, tokenizer.json and onnx/.`
    : null;
}

async function dir(path: string[], create: boolean): Promise<FileSystemDirectoryHandle> {
  let d = await navigator.storage.getDirectory();
  for (const part of [ROOT, ...path]) d = await d.getDirectoryHandle(part, { create });
  return d;
}

/** Copies a model folder into OPFS and describes it. Replaces an earlier copy of the same name. */
export async function saveModelFolder(name: string, input: FolderFile[]): Promise<ModelSpec> {
  const safe = safeModelName(name);
  const files = relativeFiles(input).filter((f) => !f.path.split('/').some((p) => p === '' || p === '.' || p === '..'));
  const problem = folderProblem(files.map((f) => f.path));
  if (problem) throw new Error(problem);
  const root = await navigator.storage.getDirectory();
  const models = await root.getDirectoryHandle(ROOT, { create: true });
  await models.removeEntry(safe, { recursive: true }).catch(() => undefined);
  for (const f of files) {
    const parts = f.path.split('/');
    const folder = await dir([safe, ...parts.slice(0, -1)], true);
    const handle = await folder.getFileHandle(parts[parts.length - 1], { create: true });
    const writable = await handle.createWritable();
    await writable.write(f.file);
    await writable.close();
  }
  const text = async (p: string) => {
    const f = files.find((x) => x.path === p);
    return f ? f.file.text() : undefined;
  };
  const spec = specFromFolder(safe, {
    config: await text('config.json'),
    tokenizerConfig: await text('tokenizer_config.json'),
    pooling: await text('1_Pooling/config.json'),
    sentenceTransformers: await text('config_sentence_transformers.json'),
    kioku: await text('kioku.json'),
  });
  const q8 = files.some((f) => f.path === 'onnx/model_quantized.onnx');
  const bytes = files.reduce((n, f) => n + f.file.size, 0);
  return { ...spec, dtype: q8 ? 'q8' : 'fp32', sizeMB: Math.round(bytes / 1e5) / 10 };
}

/** Answers transformers.js' requests for folder-model files from OPFS (404 when missing). */
export async function opfsModelResponse(url: string): Promise<Response> {
  const path = decodeURIComponent(url.slice(url.indexOf(OPFS_MODEL_PREFIX) + OPFS_MODEL_PREFIX.length)).split('/');
  try {
    const folder = await dir(path.slice(0, -1), false);
    const file = await (await folder.getFileHandle(path[path.length - 1])).getFile();
    return new Response(file, { status: 200, headers: { 'content-length': String(file.size) } });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

export async function deleteModelFolder(name: string): Promise<void> {
  const root = await navigator.storage.getDirectory();
  const models = await root.getDirectoryHandle(ROOT, { create: true });
  await models.removeEntry(safeModelName(name), { recursive: true }).catch(() => undefined);
}
