// Reads a folder into memory with the engine's own Node walker (same skip
// rules as an import), ready to pack for the browser or to import in Node.
import { existsSync } from 'node:fs';
import { nodeSource } from '../../worker/ingest/walk-node';
import type { PackedFile } from './pack';

export async function readCorpus(dir: string): Promise<PackedFile[]> {
  if (!existsSync(dir)) throw new Error(`no corpus folder at ${dir}`);
  const files: PackedFile[] = [];
  for await (const f of nodeSource(dir).files()) files.push({ path: f.path, mtime: f.mtime, bytes: await f.read() });
  return files;
}

/** `name=dir` pairs from the command line, or the scenario's defaults from KNOWN_CORPORA. */
export const SHARED = new URL('../../../shared/', import.meta.url).pathname;

export const KNOWN_CORPORA: Record<string, string> = {
  'seekstone-10k': `${SHARED}corpora/seekstone-10k/vault`,
  'd365-ja': `${SHARED}corpora/d365-finops-ja/md`,
};
