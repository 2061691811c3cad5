// Node's NoteDisk: vault folders on the local file system, for the CLI and
// tests. A note is written to a new temporary file beside it (created
// exclusively, so nothing planted there, a link least of all, is written
// through), flushed to the disk, then renamed over the note, and the folder
// is flushed too: an interrupted write or a power loss never leaves half a
// note, and "written" means on disk.
import { closeSync, existsSync, fchmodSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { isInside } from '../ingest/walk-node';
import type { NoteDisk } from './write-back';

export function nodeDisk(roots: Record<string, string> = {}, opts: { followExternalLinks?: boolean } = {}): NoteDisk & { set(vault: string, root: string | null): void } {
  const folders = new Map(Object.entries(roots).map(([v, r]) => [v, resolve(r)]));
  const fileOf = (vault: string, path: string) => {
    const root = folders.get(vault);
    if (!root) throw new Error(`the folder of “${vault}” is not open for writing`);
    const file = onDisk(root, path.split('/'));
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
      let file = fileOf(vault, path);
      // A note reached through a link inside the vault is written where the link leads: the link stays a link.
      if (existsSync(file) && lstatSync(file).isSymbolicLink()) file = realpathSync(file);
      mkdirSync(dirname(file), { recursive: true });
      writeDurably(file, bytes);
    },
  };
}

/** Writes `bytes` over `file` through a fresh temporary file in its folder, both flushed to the disk. */
function writeDurably(file: string, bytes: Uint8Array): void {
  const dir = dirname(file);
  // A short name of its own (a long note name plus a suffix passed 255 bytes), starting with a dot so imports skip it.
  const tmp = join(dir, `.kioku-${randomBytes(8).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx');
  try {
    // The note keeps its permissions.
    if (existsSync(file)) fchmodSync(fd, statSync(file).mode & 0o7777);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (e) {
    unlinkSync(tmp);
    throw e;
  }
  const d = openSync(dir, 'r');
  try {
    fsyncSync(d);
  } finally {
    closeSync(d);
  }
}

/**
 * The file a vault path names, as the folder spells it: paths are kept in
 * NFC, while a name on disk may be decomposed (é as e + ◌́, as macOS wrote
 * it); a segment not found as written is matched by its NFC form, so an edit
 * replaces the note instead of writing a second file beside it.
 */
function onDisk(root: string, segments: string[]): string {
  let at = root;
  for (const seg of segments) {
    const direct = join(at, seg);
    if (seg === '.' || seg === '..' || existsSync(direct) || !existsSync(at)) {
      at = resolve(direct);
      continue;
    }
    const want = seg.normalize('NFC');
    let names: string[] = [];
    try {
      names = readdirSync(at);
    } catch {
      // Not a folder we can list: the name as written.
    }
    at = join(at, names.find((n) => n.normalize('NFC') === want) ?? seg);
  }
  return at;
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
