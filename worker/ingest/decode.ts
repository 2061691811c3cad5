// Turns a file's bytes into text without ever rejecting the file: invalid
// UTF-8 is decoded with replacement characters, UTF-16 with a BOM is honoured,
// and binary content under a .md name is reported so it can be kept as a file.
// A BOM stays in the text (as U+FEFF): the stored text is the file, and a
// write-back keeps the mark Windows tools read the encoding from.
import type { Problem } from './problems';

export type Decoded = { kind: 'text'; text: string } | { kind: 'binary' };

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function decodeNote(bytes: Uint8Array, problems: Problem[]): Decoded {
  if (bytes.length >= 2) {
    const b0 = bytes[0];
    const b1 = bytes[1];
    if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
      const enc = b0 === 0xff ? 'utf-16le' : 'utf-16be';
      return { kind: 'text', text: new TextDecoder(enc, { ignoreBOM: true }).decode(bytes) };
    }
  }
  if (looksBinary(bytes)) {
    problems.push({
      code: 'binary_note',
      message: 'The file has a Markdown name but binary content (NUL bytes).',
      action: 'Indexed it as a file by name and path only, not as a note.',
    });
    return { kind: 'binary' };
  }
  try {
    return { kind: 'text', text: strict.decode(bytes) };
  } catch {
    const text = lenient.decode(bytes);
    problems.push({
      code: 'invalid_utf8',
      message: 'The file is not valid UTF-8.',
      action: 'Decoded it with replacement characters (\uFFFD) and indexed it; the file itself was not changed. Re-save it as UTF-8 to fix.',
      line: lineOf(text, text.indexOf('\uFFFD')),
    });
    return { kind: 'text', text };
  }
}

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
