// Node's import source: walks a folder with fs.
import { opendir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { ImportSource, SourceFile } from './source';
import { isSkippedFile, isSkippedFolder, toVaultPath } from './paths';

export function nodeSource(dir: string, name?: string): ImportSource {
  const root = resolve(dir);
  return {
    name: name ?? basename(root),
    root,
    kind: 'node',
    async *files(): AsyncIterable<SourceFile> {
      const info = await stat(root);
      if (!info.isDirectory()) throw new Error(`${root} is not a folder`);
      yield* walk(root, root);
    },
  };
}

async function* walk(root: string, dir: string): AsyncIterable<SourceFile> {
  const entries = [];
  for await (const entry of await opendir(dir)) entries.push(entry);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name)) yield* walk(root, full);
    } else if (entry.isFile() && !isSkippedFile(entry.name)) {
      const info = await stat(full);
      yield {
        path: toVaultPath(relative(root, full).split(sep).join('/')),
        size: info.size,
        mtime: Math.round(info.mtimeMs),
        read: async () => new Uint8Array(await readFile(full)),
      };
    }
  }
}
