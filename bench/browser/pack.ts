// One binary blob for a whole corpus, so the benchmark page gets every file in
// a single fetch and the timed work is parse + index + storage, never HTTP.
// Layout: "KIOKUPK1", u32 (LE) header length, header JSON, then the files'
// bytes back to back in header order. Pure: runs in Node and in the worker.
import type { ImportSource } from '../../worker/ingest/source';

export interface PackedFile {
  path: string;
  mtime: number;
  bytes: Uint8Array;
}

interface HeaderEntry {
  p: string;
  m: number;
  s: number;
}

const MAGIC = 'KIOKUPK1';

export function pack(files: readonly PackedFile[]): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify(files.map((f): HeaderEntry => ({ p: f.path, m: f.mtime, s: f.bytes.length }))));
  const total = 12 + header.length + files.reduce((n, f) => n + f.bytes.length, 0);
  const out = new Uint8Array(total);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(8, header.length, true);
  out.set(header, 12);
  let at = 12 + header.length;
  for (const f of files) {
    out.set(f.bytes, at);
    at += f.bytes.length;
  }
  return out;
}

/** The files of a pack, as views into its buffer (nothing is copied). */
export function unpack(blob: Uint8Array): PackedFile[] {
  if (new TextDecoder().decode(blob.subarray(0, 8)) !== MAGIC) throw new Error('not a Kioku corpus pack');
  const len = new DataView(blob.buffer, blob.byteOffset, blob.byteLength).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(blob.subarray(12, 12 + len))) as HeaderEntry[];
  let at = 12 + len;
  return header.map((h) => {
    const bytes = blob.subarray(at, at + h.s);
    at += h.s;
    return { path: h.p, mtime: h.m, bytes };
  });
}

/** An import source over packed files, as a dropped folder would be. */
export function packedSource(name: string, files: readonly PackedFile[]): ImportSource {
  return {
    name,
    root: name,
    kind: 'memory',
    async *files() {
      for (const f of files) yield { path: f.path, size: f.bytes.length, mtime: f.mtime, read: async () => f.bytes };
    },
  };
}
