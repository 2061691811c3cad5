// seekstone-10k as the embedding benchmarks sample it: its Markdown files in a
// fixed order, and every k-th note's passages as the app embeds them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chunkInput, chunkNote } from '../../worker/embed/chunk';
import type { ModelSpec } from '../../worker/embed/models';
import { parseNoteText } from '../../worker/ingest/note';

/** Every `.md` file under `dir`, folders walked in name order (the same list on every run). */
export function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.md')) files.push(p);
    }
  };
  walk(dir);
  return files;
}

/** `count` passages spread over every 20th note of `vault`, as the model reads them (title, heading, text). */
export function samplePassages(vault: string, spec: ModelSpec, count: number): string[] {
  const all: string[] = [];
  markdownFiles(vault)
    .filter((_, i) => i % 20 === 0)
    .forEach((p) => {
      const n = parseNoteText(relative(vault, p), readFileSync(p, 'utf8'));
      for (const c of chunkNote(n.title, n.body, spec)) if (c.readable) all.push(chunkInput(n.title, c.heading, c.text));
    });
  const every = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % every === 0).slice(0, count);
}

/** Resolves once `url` answers 200 (a server started by the benchmark), or throws after a minute. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}
