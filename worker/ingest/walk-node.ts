// Node's import source: walks a folder with fs.
import { opendir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import type { FileProblem } from './problems';
import type { ImportSource, SourceFile } from './source';
import { isSkippedFile, isSkippedFolder, toVaultPath } from './paths';

export interface NodeSourceOptions {
  /**
   * Follow symbolic links whose target lies outside the vault folder
   * (`--follow-external-links`). Off by default: a link such as
   * `passwd.md -> /etc/passwd` would otherwise make any file on the machine
   * searchable and readable through the vault.
   */
  followExternalLinks?: boolean;
  /** Files never to index: the database being written, kept inside the folder (`--db notes/notes.kioku`), and its journals. */
  exclude?: readonly string[];
}

export function nodeSource(dir: string, name?: string, opts: NodeSourceOptions = {}): ImportSource {
  const root = resolve(dir);
  let obsidian = false;
  return {
    name: name ?? basename(root),
    root,
    kind: 'node',
    obsidian: () => obsidian,
    async *files(report = () => undefined): AsyncIterable<SourceFile> {
      const info = await stat(root);
      if (!info.isDirectory()) throw new Error(`${root} is not a folder`);
      obsidian = (await stat(join(root, '.obsidian')).catch(() => null))?.isDirectory() === true;
      const realRoot = await realpath(root);
      const walker: Walker = { root, realRoot, follow: opts.followExternalLinks === true, visited: new Set([realRoot]), report, exclude: new Set((opts.exclude ?? []).map((f) => resolve(f))) };
      yield* walk(walker, root, [realRoot]);
    },
  };
}

interface Walker {
  root: string;
  realRoot: string;
  follow: boolean;
  /** Real paths of the folders walked so far. */
  visited: Set<string>;
  report: (p: FileProblem) => void;
  exclude: Set<string>;
}

/** True when `real` is the folder `dir` or lies inside it. */
export function isInside(real: string, dir: string): boolean {
  return real === dir || real.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * Symbolic links within the vault are followed (vaults link shared folders
 * in); a folder reached a second time is walked only once. A link out of the
 * vault (unless allowed), a link that loops and a dangling link are reported
 * as problems of the link's path, never followed.
 */
async function* walk(w: Walker, dir: string, ancestors: string[]): AsyncIterable<SourceFile> {
  const entries = [];
  for await (const entry of await opendir(dir)) entries.push(entry);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = join(dir, entry.name);
    const path = toVaultPath(relative(w.root, full).split(sep).join('/'));
    const isLink = entry.isSymbolicLink();
    if (isLink && (isSkippedFolder(entry.name) || isSkippedFile(entry.name))) continue;
    const target = isLink ? await linkTarget(w, full, path) : entry;
    if (!target) continue;
    if (target.isDirectory()) {
      if (isSkippedFolder(entry.name)) continue;
      const real = await realpath(full);
      if (ancestors.includes(real)) {
        w.report(linkProblem(path, 'symlink_loop', 'This symbolic link points to a folder that contains it, so following it would never end.'));
        continue;
      }
      if (w.visited.has(real)) continue;
      // A link to a folder the vault holds under its own name: that name is walked (not the alias, which
      // sorted first and hid it: read_note real/a.md was not found). A link to a skipped folder (.shared) is walked.
      if (isLink && ownedFolder(w, real)) continue;
      w.visited.add(real);
      yield* walk(w, full, [...ancestors, real]);
    } else if (target.isFile() && !isSkippedFile(entry.name) && !w.exclude.has(full)) {
      const info = await stat(full);
      yield {
        path,
        size: info.size,
        mtime: Math.round(info.mtimeMs),
        read: async () => new Uint8Array(await readFile(full)),
      };
    }
  }
}

/** Whether a folder's real path lies in the vault under names the walk takes (no skipped folder on the way). */
function ownedFolder(w: Walker, real: string): boolean {
  if (!isInside(real, w.realRoot) || real === w.realRoot) return false;
  return !relative(w.realRoot, real).split(sep).some((seg) => isSkippedFolder(seg));
}

/** What a link points to, or null (with the problem reported) when it is not to be followed. */
async function linkTarget(w: Walker, full: string, path: string): Promise<{ isDirectory(): boolean; isFile(): boolean } | null> {
  let real: string;
  try {
    real = await realpath(full);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') w.report(linkProblem(path, 'symlink_loop', 'This symbolic link leads back to itself through other links.'));
    else w.report(linkProblem(path, 'symlink_dangling', 'This symbolic link points to something that does not exist.'));
    return null;
  }
  if (!w.follow && !isInside(real, w.realRoot)) {
    w.report({
      path,
      code: 'symlink_outside',
      message: 'This symbolic link points outside the vault folder.',
      action: 'Not followed, so nothing outside the vault is read. Run kioku with --follow-external-links to index what it points to.',
    });
    return null;
  }
  return stat(full).catch(() => {
    w.report(linkProblem(path, 'symlink_dangling', 'This symbolic link points to something that cannot be read.'));
    return null;
  });
}

function linkProblem(path: string, code: 'symlink_loop' | 'symlink_dangling', message: string): FileProblem {
  return { path, code, message, action: 'Skipped it; the rest of the vault was imported.' };
}
