// The shape the code base keeps (issue 10): the domain folders never import
// the tool layer (errors and argument readers live below the domain, in
// worker/errors.ts and worker/args.ts), and no source file grows past 400
// lines (split along the domain when one does).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...files(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const importsOf = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]);

describe('import rules', () => {
  it.each(['query', 'search', 'embed', 'ingest', 'db', 'text', 'platform'])('worker/%s never imports worker/tools/', (folder) => {
    const offenders = files(`worker/${folder}`).flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('.') && relative(ROOT, join(ROOT, f, '..', i)).startsWith('worker/tools'))
        .map((i) => `${f} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('file size', () => {
  it('no source file in worker/, web/, cli/, bench/ or e2e/ is over 400 lines', () => {
    const long = ['worker', 'web', 'cli', 'bench', 'e2e']
      .flatMap(files)
      .map((f) => [f, readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1] as const)
      .filter(([, n]) => n > 400)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });
});
