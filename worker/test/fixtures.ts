// Small helpers for import tests: real folders on disk, generated notes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Writes files (path → text or bytes) under a new temporary folder named `name`; returns its path. */
export function writeTree(files: Record<string, string | Uint8Array>, name = 'vault'): string {
  const root = join(mkdtempSync(join(tmpdir(), 'kioku-test-')), name);
  mkdirSync(root, { recursive: true });
  for (const [path, content] of Object.entries(files)) putFile(root, path, content);
  return root;
}

export function putFile(root: string, path: string, content: string | Uint8Array): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

export function removeTree(root: string): void {
  rmSync(dirname(root), { recursive: true, force: true });
}

/** n varied notes: frontmatter of several types, observations, relations, Japanese text. */
export function generatedNotes(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const folder = ['specs', 'meetings', '設計', 'people'][i % 4];
    files[`${folder}/note ${String(i).padStart(3, '0')}.md`] = [
      '---',
      `title: Note ${i}`,
      `status: ${['draft', 'in-progress', 'done'][i % 3]}`,
      `confidence: ${(i % 10) / 10}`,
      `reviewed: ${i % 2 === 0}`,
      `tags: [t${i % 5}, shared]`,
      'schema:',
      `  version: ${1 + (i % 2)}`,
      '---',
      `# Heading ${i}`,
      '',
      `Body of note ${i} about 設計 and token${i}.`,
      '',
      `- [fact] note ${i} fact #f${i % 3}`,
      `- relates_to [[Note ${(i + 1) % n}]]`,
      '',
    ].join('\n');
  }
  return files;
}
