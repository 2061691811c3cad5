// npm run bench:embed-padding: how many tokens the model is fed for
// seekstone-10k's passages, in the embed queue's order (every note's first
// passage, then every note's second, ...), batches padded to their longest
// passage, against the tokens the passages really have: in vault order and
// sorted by length in windows of 4 (the queue before issue 17's third
// pass), 16 and 64 batches and of 256 passages (the queue now), at several batch sizes. Deterministic (the
// model's own tokenizer, no timing). Prints a Markdown table; docs/benchmarks.md
// quotes it ("Embedding: the first passages, and padding").
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { chunkInput, chunkNote } from '../worker/embed/chunk';
import { BUILTIN_MODELS } from '../worker/embed/models';
import { parseNoteText } from '../worker/ingest/note';
import { markdownTable } from './browser/table';
import { markdownFiles } from './lib/seekstone-files';
import { paddedTokens } from './lib/padding';
import { WINDOW_BATCHES, WINDOW_PASSAGES } from '../worker/embed/queue';

const VAULT = new URL('../../shared/corpora/seekstone-10k/vault', import.meta.url).pathname;
if (!existsSync(VAULT)) {
  process.stdout.write('bench:embed-padding skipped: ../shared/corpora/seekstone-10k is not on this machine.\n');
  process.exit(0);
}
const spec = BUILTIN_MODELS[0];
// Passages by seq, each seq's in note order: the queue's (seq, chunk id) order.
const bySeq: string[][] = [];
for (const p of markdownFiles(VAULT)) {
  const note = parseNoteText(relative(VAULT, p), readFileSync(p, 'utf8'));
  for (const c of chunkNote(note.title, note.body, spec)) if (c.readable && c.seq === 0) (bySeq[0] ??= []).push(chunkInput(note.title, c.heading, c.text));
  for (const c of chunkNote(note.title, note.body, spec)) if (c.readable && c.seq > 0) (bySeq[c.seq] ??= []).push(chunkInput(note.title, c.heading, c.text));
}
const lib = await import('@huggingface/transformers');
lib.env.localModelPath = new URL('../public/models/', import.meta.url).pathname;
const tokenizer = await lib.AutoTokenizer.from_pretrained('use-lite-onnx', { local_files_only: true } as never);
const lengthsOf = (texts: readonly string[]) => texts.map((t) => Math.min(spec.maxTokens, tokenizer.encode(t).length));
const first = lengthsOf(bySeq[0]);
// Only the whole run is asked for with --all (tokenising 200k passages takes minutes): else every 10th passage after the first ones.
const restTexts = bySeq.slice(1).flat();
const rest = lengthsOf(process.argv.includes('--all') ? restTexts : restTexts.filter((_, i) => i % 10 === 0));
const rows = [];
for (const [phase, lengths] of [
  ['every note\'s first passage', first],
  [process.argv.includes('--all') ? 'every later passage' : 'every 10th later passage', rest],
] as const) {
  const real = lengths.reduce((s, n) => s + n, 0);
  for (const batch of [8, 16, 24, 32]) {
    const ratio = (w: number) => Math.round((paddedTokens(lengths, batch, w) / real) * 1000) / 1000;
    rows.push({
      passages: phase, count: lengths.length, mean_tokens: Math.round((real / lengths.length) * 10) / 10, batch,
      fed_per_real_vault_order: ratio(0), window_4: ratio(4), window_16: ratio(16), window_64: ratio(64),
      // The queue now: 256 passages, at least four batches (WINDOW_PASSAGES).
      window_256_passages: ratio(Math.max(WINDOW_BATCHES, Math.ceil(WINDOW_PASSAGES / batch))),
    });
  }
}
process.stdout.write(`${markdownTable(rows)}\n`);
