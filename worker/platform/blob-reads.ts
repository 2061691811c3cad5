// Many small browser files read as one. Chromium pays a round trip to its
// browser process for every Blob read: seekstone-10k's 10,000 notes chosen
// through <input webkitdirectory> took 20.7 s to read one after another in
// the worker, 11.2 s eight or 32 at a time, and 3.3 s as Blobs made of 512
// files each (.scratch measurement, 2026-12-03; bench:import-input measures
// the whole import). A Blob made of files is a list of references, not a
// copy, and reading it reads each file in turn in one request.
import { splitBatches } from '../ingest/import';
import { readEach } from '../ingest/read-files';
import type { SourceFile } from '../ingest/source';

/** A file the source can also read as a Blob it already holds (a File from a drop, a picker or a listing). */
export interface BlobSourceFile extends SourceFile {
  blob: Blob;
}

// Bounds one request: the bytes are held once more while they are cut apart.
const GROUP_FILES = 512;
const GROUP_BYTES = 8 * 1024 * 1024;
// One at a time took 20.7 s for those 10,000 files, eight at once 11.2 s.
const FALLBACK_CONCURRENCY = 8;

/**
 * Each file's bytes, in order. A file that changed or went away since it was
 * chosen or listed makes its whole group's read fail (NotReadableError), so
 * that group is read again file by file through read(): only that file fails,
 * or, for a handle, read() finds its current content.
 */
export async function readTogether(files: readonly SourceFile[]): Promise<(Uint8Array | Error)[]> {
  const out: (Uint8Array | Error)[] = [];
  for (const group of splitBatches(files, GROUP_FILES, GROUP_BYTES)) {
    const joined = await readJoined(group);
    if (joined) out.push(...joined);
    else out.push(...(await readEach(group, FALLBACK_CONCURRENCY)));
  }
  return out;
}

/** The group's bytes cut at each Blob's size, or null when the read failed, a file has no Blob, or the lengths disagree. */
async function readJoined(group: readonly SourceFile[]): Promise<Uint8Array[] | null> {
  const blobs = group.map((f) => (f as Partial<BlobSourceFile>).blob);
  if (blobs.some((b) => b === undefined)) return null;
  let buf: ArrayBuffer;
  try {
    buf = await new Blob(blobs as Blob[]).arrayBuffer();
  } catch {
    return null;
  }
  const total = (blobs as Blob[]).reduce((n, b) => n + b.size, 0);
  if (buf.byteLength !== total) return null;
  const out: Uint8Array[] = [];
  let at = 0;
  for (const b of blobs as Blob[]) {
    out.push(new Uint8Array(buf, at, b.size));
    at += b.size;
  }
  return out;
}
