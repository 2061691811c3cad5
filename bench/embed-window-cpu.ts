// The queue's sort window measured by CPU time in Node (steadier than the
// browser's wall time on a shared machine): seekstone's first passages in the
// queue's order (note order), batches of 8 (the browser's size), sorted in
// windows of 4 batches (before) and of 256 passages (now), one ONNX Runtime
// thread (onnxruntime-node), rounds interleaved. Run: npx tsx
// bench/embed-window-cpu.ts [passages=1024] [rounds=5]; docs/benchmarks.md
// "embed-first17" quotes it.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadavg } from 'node:os';
import { chunkInput, chunkNote } from '../worker/embed/chunk';
import { BUILTIN_MODELS } from '../worker/embed/models';
import { nodeEmbedder } from '../worker/embed/node-embedder';
import { parseNoteText } from '../worker/ingest/note';
import { byLength } from '../worker/embed/batching';
import { WINDOW_PASSAGES } from '../worker/embed/queue';
import { markdownFiles } from './lib/seekstone-files';

const [count = 1024, rounds = 5] = process.argv.slice(2).map(Number);
const VAULT = new URL('../../shared/corpora/seekstone-10k/vault', import.meta.url).pathname;
const spec = BUILTIN_MODELS.find((m) => m.id === 'use-lite-int8')!;
const firsts: string[] = [];
// Spread over the vault: every 10th note's first passage, in note order.
for (const [i, p] of markdownFiles(VAULT).entries()) {
  if (i % 10 || firsts.length >= count) continue;
  const note = parseNoteText(relative(VAULT, p), readFileSync(p, 'utf8'));
  const c = chunkNote(note.title, note.body, spec).find((x) => x.seq === 0 && x.readable);
  if (c) firsts.push(chunkInput(note.title, c.heading, c.text));
}
const e = nodeEmbedder({ offline: true, threads: 1 });
await e.load(spec);
const counts = await e.tokenCounts!(firsts);
const BATCH = 8;
function batches(window: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < firsts.length; i += window) {
    const part = firsts.slice(i, i + window).map((_, k) => i + k);
    out.push(...byLength(part, part.map((k) => counts[k]), BATCH).map((b) => b.map((k) => firsts[k])));
  }
  return out;
}
const configs = { 'window of 4 batches (32 passages, before)': batches(BATCH * 4), [`window of ${WINDOW_PASSAGES} passages (now)`]: batches(WINDOW_PASSAGES) };
await e.embed(firsts.slice(0, BATCH), 'passage');
const rates: Record<string, number[]> = {};
const load0 = loadavg()[0];
for (let r = 0; r < rounds; r++) {
  for (const [name, work] of Object.entries(configs)) {
    const c0 = process.cpuUsage();
    for (const b of work) await e.embed(b, 'passage');
    const c = process.cpuUsage(c0);
    (rates[name] ??= []).push(firsts.length / ((c.user + c.system) / 1e6));
  }
}
for (const [name, work] of Object.entries(configs)) {
  const fed = work.reduce((s, b) => s + b.length * Math.max(...b.map((t) => Math.min(128, counts[firsts.indexOf(t)]))), 0);
  const xs = [...rates[name]].sort((a, b) => a - b);
  console.log(`| ${name} | ${firsts.length} | ${fed} | ${xs[Math.floor(xs.length / 2)].toFixed(1)} | ${rates[name].map((x) => x.toFixed(1)).join(' / ')} |`);
}
console.log(`load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
