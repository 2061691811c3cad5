// Node's NoteDisk: vault folders on the local file system, for the CLI and
// tests. Writes go to a temporary file that is renamed over the original, so an
// interrupted write never leaves half a note.
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { isInside } from '../ingest/walk-node';
import type { NoteDisk } from './write-back';

export function nodeDisk(roots: Record<string, string> = {}, opts: { followExternalLinks?: boolean } = {}): NoteDisk & { set(vault: string, root: string | null): void } {
  const folders = new Map(Object.entries(roots).map(([v, r]) => [v, resolve(r)]));
  const fileOf = (vault: string, path: string) => {
    const root = folders.get(vault);
    if (!root) throw new Error(`the folder of “${vault}” is not open for writing`);
    const file = resolve(join(root, ...path.split('/')));
    // Vault paths are validated already; this guards against anything that slips through.
    if (!file.startsWith(root + sep)) throw new Error(`${path} lies outside the vault folder`);
    if (!opts.followExternalLinks) checkRealPath(root, file, path);
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

/**
 * The same boundary as import: a symbolic link inside the vault (to a folder
 * or to the note itself) must not lead a read or a write outside it. The
 * deepest part of the path that exists is resolved and must stay in the vault.
 */
function checkRealPath(root: string, file: string, path: string): void {
  let existing = file;
  while (!existsSync(existing) && existing !== root) existing = dirname(existing);
  const real = realpathSync(existing);
  if (!isInside(real, realpathSync(root))) {
    throw new Error(`${path} leads outside the vault folder through a symbolic link (to ${real}); it was not written. Replace the link with a real folder or file to write it here.`);
  }
}
