// Each benchmark owns one section of docs/benchmarks.md, between
// <!-- name:start --> and <!-- name:end -->, so benchmarks written by
// different people never overwrite each other's results.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const BENCHMARKS_DOC = new URL('../../docs/benchmarks.md', import.meta.url).pathname;

export function replaceSection(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i >= 0 && j > i) return doc.slice(0, i) + block + doc.slice(j + end.length);
  return `${doc.trimEnd()}\n\n${block}\n`;
}

export function writeDocSection(name: string, body: string, file = BENCHMARKS_DOC): void {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, replaceSection(doc, name, body));
}
