// A transformers.js model folder dropped onto the page (or chosen with
// "Choose folder") is a model to load, not notes to import: the issue's "drag
// a model folder in". Recognised by what a model folder must hold
// (config.json, tokenizer.json, onnx/model*.onnx), the same rule the
// "Load a model from a folder" button applies (the engine worker checks it).
import type { FolderFile } from '../../../../worker/contract';
import { engineApi } from '../../engine/client';
import type { FolderInput } from '../import/folder-input';

type DirHandle = FileSystemDirectoryHandle & { values(): AsyncIterable<FileSystemHandle> };

/** The folder's files when it is a model folder, else null. */
export async function modelFolderFiles(input: FolderInput): Promise<FolderFile[] | null> {
  if (input.kind === 'files') {
    const files = input.files.map((f) => ({ path: f.path, file: f.file }));
    return (await engineApi().modelFolderProblem(files.map((f) => f.path))) === null ? files : null;
  }
  if (!(await looksLikeModel(input.handle))) return null;
  const files: FolderFile[] = [];
  const walk = async (dir: DirHandle, prefix: string): Promise<void> => {
    for await (const h of dir.values()) {
      if (h.kind === 'file') files.push({ path: prefix + h.name, file: await (h as FileSystemFileHandle).getFile() });
      else if (!h.name.startsWith('.')) await walk(h as DirHandle, `${prefix}${h.name}/`);
    }
  };
  await walk(input.handle as DirHandle, '');
  return (await engineApi().modelFolderProblem(files.map((f) => f.path))) === null ? files : null;
}

/** A few lookups, so a vault of notes is never walked twice. */
async function looksLikeModel(dir: FileSystemDirectoryHandle): Promise<boolean> {
  try {
    await dir.getFileHandle('config.json');
    await dir.getFileHandle('tokenizer.json');
    const onnx = await dir.getDirectoryHandle('onnx');
    for (const name of ['model_quantized.onnx', 'model.onnx']) {
      if (await onnx.getFileHandle(name).then(() => true, () => false)) return true;
    }
    return false;
  } catch {
    return false;
  }
}
