// A hostile vault, generated (issue 11): every kind of file the attack used,
// and what Kioku must do with each. Written into a folder by writeHostileVault;
// the unit test uses a small big note, `npm run reliability` the 50 MB one.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface HostileFile {
  /** Vault-relative path. */
  path: string;
  /** What the import must make of it: a note (read_note returns its body), a file, or only a problem. */
  expect: 'note' | 'file' | 'problem';
  /** Problem codes the import must report for it (at least these). */
  problems?: string[];
  /** Text the body must contain (notes). */
  bodyHas?: string;
  why: string;
}

const enc = new TextEncoder();

function utf16(text: string, bigEndian: boolean, bom: boolean): Uint8Array {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? '\uFEFF' + text : text;
  for (let i = 0; i < units.length; i++) {
    const c = units.charCodeAt(i);
    out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
    out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
  }
  return out;
}

function laughs(): string {
  const levels = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < levels.length; i++) lines.push(`${levels[i]}: &${levels[i]} [${Array(9).fill(`*${levels[i - 1]}`).join(', ')}]`);
  return `---\n${lines.join('\n')}\n---\nBillion laughs body.\n`;
}

/** Writes the hostile vault into `root` (emptied first) and a folder beside it for links to point out to. */
export function writeHostileVault(root: string, opts: { bigNoteMB?: number } = {}): HostileFile[] {
  const bigMB = opts.bigNoteMB ?? 50;
  rmSync(root, { recursive: true, force: true });
  const outside = `${root}-outside`;
  rmSync(outside, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.md'), 'SECRET that must stay outside the vault\n');

  const files: HostileFile[] = [];
  const put = (f: HostileFile, content: string | Uint8Array) => {
    const full = join(root, ...f.path.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    files.push(f);
  };
  const manyTags = Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(', ');
  const hugeFm = Array.from({ length: 50_000 }, (_, i) => `key${i}: value ${i}`).join('\n');
  const line = 'A line of the very large note, repeated to reach its size. ';
  const big = `---\ntitle: Big\n---\nBIGSTART ${line.repeat(Math.ceil((bigMB * 1024 * 1024) / line.length))}\n`;

  put({ path: 'laughs.md', expect: 'note', problems: ['frontmatter_invalid'], bodyHas: 'Billion laughs body', why: 'billion laughs (YAML aliases)' }, laughs());
  put({ path: 'deep-flow.md', expect: 'note', problems: ['frontmatter_too_deep'], bodyHas: 'deep flow body', why: 'YAML nested 10,000 levels (flow)' }, `---\nk: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n---\ndeep flow body\n`);
  put({ path: 'deep-block.md', expect: 'note', problems: ['frontmatter_too_deep'], bodyHas: 'deep block body', why: 'YAML nested 1,000 levels (block)' }, `---\n${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n---\ndeep block body\n`);
  put({ path: 'huge-frontmatter.md', expect: 'note', bodyHas: 'huge frontmatter body', why: 'frontmatter of 50,000 keys' }, `---\n${hugeFm}\n---\nhuge frontmatter body\n`);
  put({ path: 'many-tags.md', expect: 'note', bodyHas: 'many tags body', why: '10,000 tags' }, `---\ntags: [${manyTags}]\n---\nmany tags body\n`);
  put({ path: 'big.md', expect: 'note', problems: bigMB * 1024 * 1024 > 2_000_000 ? ['note_truncated'] : [], bodyHas: 'BIGSTART', why: `a ${bigMB} MB note` }, big);
  put({ path: 'nul.md', expect: 'file', problems: ['binary_note'], why: 'NUL bytes in a note' }, new Uint8Array([...enc.encode('text with a NUL '), 0, ...enc.encode(' inside\n')]));
  put({ path: 'utf16le-bom.md', expect: 'note', bodyHas: 'UTF-16 LE body', why: 'UTF-16 LE with a BOM' }, utf16('---\ntitle: LE\n---\nUTF-16 LE body 設計\n', false, true));
  put({ path: 'utf16be-bom.md', expect: 'note', bodyHas: 'UTF-16 BE body', why: 'UTF-16 BE with a BOM' }, utf16('UTF-16 BE body 設計\n', true, true));
  put({ path: 'utf16le-nobom.md', expect: 'file', problems: ['binary_note'], why: 'UTF-16 LE without a BOM (NUL bytes: not text)' }, utf16('UTF-16 without BOM\n', false, false));
  put({ path: 'invalid-utf8.md', expect: 'note', problems: ['invalid_utf8'], bodyHas: 'bad bytes', why: 'invalid UTF-8' }, new Uint8Array([...enc.encode('bad bytes '), 0xc3, 0x28, 0xff, 0x0a]));
  put({ path: 'binary.md', expect: 'file', problems: ['binary_note'], why: 'binary content under a .md name' }, new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  put({ path: 'empty.md', expect: 'note', problems: ['empty_file'], why: 'an empty note' }, '');
  put({ path: 'unclosed.md', expect: 'note', problems: ['frontmatter_unterminated'], bodyHas: 'never closed', why: 'frontmatter never closed' }, '---\ntitle: x\nnever closed\n');
  put({ path: 'proto-keys.md', expect: 'note', bodyHas: 'proto body', why: '__proto__ and constructor as keys' }, '---\n__proto__: polluted\nconstructor: c\n---\nproto body\n');
  put({ path: 'line-ends.md', expect: 'note', bodyHas: 'lone CR', why: 'CRLF and lone CR line endings' }, '---\r\ntitle: CR\r\n---\r\nCRLF line\r\nlone CR\rnext\n');
  put({ path: 'back\\slash.md', expect: 'note', bodyHas: 'backslash body', why: 'a backslash in the name' }, 'backslash body\n');
  put({ path: '__proto__.md', expect: 'note', bodyHas: 'proto name body', why: '__proto__ as a file name' }, 'proto name body\n');
  put({ path: `${'名'.repeat(84)}.md`, expect: 'note', bodyHas: 'long name body', why: 'a 255-byte name' }, 'long name body\n');
  put({ path: 'cafe\u0301.md', expect: 'note', bodyHas: 'decomposed body', why: 'a decomposed (NFD) name' }, 'decomposed body\n');
  put({ path: 'odd/🙂 spaced  name #1 %2e%2e.md', expect: 'note', bodyHas: 'odd name body', why: 'emoji, spaces, # and %' }, 'odd name body\n');
  put({ path: 'odd/new\nline.md', expect: 'note', bodyHas: 'newline name body', why: 'a newline in the name' }, 'newline name body\n');
  put({ path: 'CON.md', expect: 'note', bodyHas: 'reserved name body', why: 'a name Windows reserves' }, 'reserved name body\n');

  // Links: out of the vault, dangling, looping.
  const link = (path: string, target: string, f: Omit<HostileFile, 'path'>) => {
    symlinkSync(target, join(root, path));
    files.push({ path, ...f });
  };
  link('passwd.md', join(outside, 'secret.md'), { expect: 'problem', problems: ['symlink_outside'], why: 'a link to a file outside the vault' });
  link('outside-dir', outside, { expect: 'problem', problems: ['symlink_outside'], why: 'a link to a folder outside the vault' });
  link('dangling.md', join(root, 'nowhere.md'), { expect: 'problem', problems: ['symlink_dangling'], why: 'a dangling link' });
  link('loop-a.md', join(root, 'loop-b.md'), { expect: 'problem', problems: ['symlink_loop'], why: 'two links pointing at each other' });
  link('loop-b.md', join(root, 'loop-a.md'), { expect: 'problem', problems: ['symlink_loop'], why: 'two links pointing at each other' });
  mkdirSync(join(root, 'cycle'));
  link('cycle/up', root, { expect: 'problem', problems: ['symlink_loop'], why: 'a link to a folder that contains it' });
  return files;
}
