// Node's NoteDisk: vault folders on the local file system, for the CLI and
// tests. Writes go to a temporary file that is renamed over the original, so an
// interrupted write never leaves half a note.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { NoteDisk } from './write-back';

export function nodeDisk(roots: Record<string, string> = {}): NoteDisk & { set(vault: string, root: string | null): void } {
  const folders = new Map(Object.entries(roots).map(([v, r]) => [v, resolve(r)]));
  const fileOf = (vault: string, path: string) => {
    const root = folders.get(vault);
    if (!root) throw new Error(`the folder of “${vault}” is not open for writing`);
    const file = resolve(join(root, ...path.split('/')));
    // Vault paths are validated already; this guards against anything that slips through.
    if (!file.startsWith(root + sep)) throw new Error(`${path} lies outside the vault folder`);
    return file;
  };
  return {
    set(vault, root) {
      if (root) folders.set(vault, resolve(root));
      else folders.delete(vault);
    },
    canWrite: (vault) => folders.has(vault),
    async read(vault, path) {
      try {
        return new Uint8Array(readFileSync(fileOf(vault, path)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async write(vault, path, bytes) {
      const file = fileOf(vault, path);
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.kioku-${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    },
  };
}
