// Node's import source: walks a folder with fs.
import { opendir, readFile, realpath, stat } from 'node:fs/promises';
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
      yield* walk(root, root, new Set([await realpath(root)]));
    },
  };
}

/**
 * Symbolic links are followed (vaults link shared folders in); a folder
 * reached a second time, by a link or a cycle, is walked only once, and a
 * dangling link has nothing to index.
 */
async function* walk(root: string, dir: string, visited: Set<string>): AsyncIterable<SourceFile> {
  const entries = [];
  for await (const entry of await opendir(dir)) entries.push(entry);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = join(dir, entry.name);
    const target = entry.isSymbolicLink() ? await stat(full).catch(() => null) : entry;
    if (!target) continue;
    if (target.isDirectory()) {
      if (isSkippedFolder(entry.name)) continue;
      const real = await realpath(full);
      if (visited.has(real)) continue;
      visited.add(real);
      yield* walk(root, full, visited);
    } else if (target.isFile() && !isSkippedFile(entry.name)) {
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
