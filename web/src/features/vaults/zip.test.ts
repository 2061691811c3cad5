import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zip } from './zip';

const enc = new TextEncoder();

function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('zip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(enc.encode('123456789'))).toBe(0xcbf43926);
  });

  it.skipIf(!hasUnzip())('writes an archive unzip accepts, with UTF-8 paths and exact bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-zip-'));
    try {
      const files = { 'notes/設計.md': '---\ntitle: 設計\n---\n本文\n', 'a.md': '', 'deep/x/y.md': 'y'.repeat(70_000) };
      const bytes = zip(Object.entries(files).map(([path, text]) => ({ path, data: enc.encode(text), mtime: Date.UTC(2026, 0, 2) })));
      writeFileSync(join(dir, 'v.zip'), bytes);
      execFileSync('unzip', ['-tq', join(dir, 'v.zip')]);
      execFileSync('unzip', ['-q', join(dir, 'v.zip'), '-d', join(dir, 'out')]);
      for (const [path, text] of Object.entries(files)) expect(readFileSync(join(dir, 'out', path), 'utf8')).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
