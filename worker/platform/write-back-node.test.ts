// Node write-back on a real file system, against what an attack trial did:
// a link planted at the temporary file's predictable name (the note went
// outside the vault), a long name the temporary suffix pushed past 255 bytes,
// a linked note whose link was replaced by a copy, a decomposed (NFD) name
// written beside instead of over, and a note's permissions lost.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeDisk } from './write-back-node';

let base: string;
let vault: string;
let outside: string;
const text = (s: string) => new TextEncoder().encode(s);

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'kioku-disk-'));
  vault = join(base, 'vault');
  outside = join(base, 'outside');
  mkdirSync(join(vault, 'real'), { recursive: true });
  mkdirSync(outside);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('nodeDisk.write', () => {
  it('never writes through a file or link planted where a temporary file could be, and leaves none behind', async () => {
    writeFileSync(join(vault, 'n1.md'), 'old\n');
    // The name the writer used before, and a few guesses: none is ever opened.
    for (const name of [`n1.md.kioku-${process.pid}.tmp`, '.kioku-0.tmp', 'n1.md.tmp']) symlinkSync(join(outside, 'pwned.md'), join(vault, name));
    await nodeDisk({ v: vault }).write('v', 'n1.md', text('new\n'));
    expect(readFileSync(join(vault, 'n1.md'), 'utf8')).toBe('new\n');
    expect(lstatSync(join(vault, 'n1.md')).isSymbolicLink()).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(vault).filter((n) => n.startsWith('.kioku-') && !n.endsWith('0.tmp'))).toEqual([]);
  });

  it('writes a note whose name is up to 255 bytes', async () => {
    const name = `${'a'.repeat(252)}.md`;
    await nodeDisk({ v: vault }).write('v', name, text('long\n'));
    expect(readFileSync(join(vault, name), 'utf8')).toBe('long\n');
  });

  it('writes a note reached through a link inside the vault where the link leads, keeping the link', async () => {
    writeFileSync(join(vault, 'real', 'a.md'), 'real content\n');
    symlinkSync(join(vault, 'real', 'a.md'), join(vault, 'link.md'));
    await nodeDisk({ v: vault }).write('v', 'link.md', text('edited through link\n'));
    expect(lstatSync(join(vault, 'link.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(vault, 'real', 'a.md'), 'utf8')).toBe('edited through link\n');
  });

  it('writes over a decomposed (NFD) name instead of beside it, and reads it by its NFC path', async () => {
    const nfd = 'Ünïcödé.md'.normalize('NFD');
    mkdirSync(join(vault, 'Café'.normalize('NFD')));
    writeFileSync(join(vault, nfd), 'nfd original\n');
    writeFileSync(join(vault, 'Café'.normalize('NFD'), nfd), 'nested original\n');
    const disk = nodeDisk({ v: vault });
    expect(new TextDecoder().decode((await disk.read('v', 'Ünïcödé.md'.normalize('NFC')))!)).toBe('nfd original\n');
    await disk.write('v', 'Ünïcödé.md'.normalize('NFC'), text('edited\n'));
    await disk.write('v', `${'Café'.normalize('NFC')}/${'Ünïcödé.md'.normalize('NFC')}`, text('nested edited\n'));
    expect(readdirSync(vault).filter((n) => n.endsWith('.md'))).toEqual([nfd]);
    expect(readFileSync(join(vault, nfd), 'utf8')).toBe('edited\n');
    expect(readdirSync(join(vault, 'Café'.normalize('NFD')))).toEqual([nfd]);
  });

  it('keeps the note’s permissions', async () => {
    writeFileSync(join(vault, 'private.md'), 'x\n');
    chmodSync(join(vault, 'private.md'), 0o600);
    await nodeDisk({ v: vault }).write('v', 'private.md', text('y\n'));
    expect(statSync(join(vault, 'private.md')).mode & 0o777).toBe(0o600);
  });
});
