// Import throughput: each corpus into an empty database (parse, frontmatter
// rows, FTS index, storage) until it is searchable, then the index merge that
// follows, then the same folder again unchanged (the re-sync path).
// Options: repeat=N (rows give the best and the median run); reimport=no;
// source=handle (Chromium: the files are first written to a private-file-
// system folder and read through its directory handle, as a picked or
// dropped folder is); source=files (the same folder's files handed over as
// File objects, as <input webkitdirectory> and drops without handles give
// them); otherwise they are handed over from memory.
import { defineScenario, type BenchContext, type BenchRow, type Corpus } from '../scenario';
import type { ImportSource } from '../../../worker/ingest/source';
import { filesSource, handleSource, type PathedFile } from '../../../worker/platform/source-handle';

export default defineScenario({
  description: 'Imports each corpus into an empty database, then re-imports it unchanged.',
  defaultCorpora: ['seekstone-10k', 'd365-ja'],
  async run(ctx) {
    const rows: BenchRow[] = [];
    const repeat = Math.max(1, Number(ctx.options.repeat ?? 1));
    for (const name of ctx.corpora) {
      const corpus = ctx.corpus(name);
      const source = await sourceFor(ctx, corpus);
      const first: number[] = [];
      const firstCpu: number[] = [];
      const again: number[] = [];
      const againCpu: number[] = [];
      const tidy: number[] = [];
      let counts = { notes: 0, files: 0, problems: 0 };
      for (let i = 0; i < repeat; i++) {
        const engine = await ctx.reset();
        let c = await ctx.cpuSeconds();
        let t = performance.now();
        // As the app does: searchable when the import returns, index merged just after.
        const s = await engine.importSource(source, { deferIndexTidy: true });
        const searchable = performance.now();
        await engine.idle();
        first.push((searchable - t) / 1000);
        tidy.push((performance.now() - searchable) / 1000);
        firstCpu.push((await ctx.cpuSeconds()) - c); // import and merge
        if (s.phase !== 'done') throw new Error(`import of ${name} ended with ${s.phase}: ${s.error ?? ''}`);
        counts = { notes: s.notes, files: s.files, problems: s.problems };
        ctx.log(`${ctx.host} ${name}: ${s.notes} notes in ${first.at(-1)!.toFixed(2)} s`);
        if (ctx.options.reimport === 'no') continue;
        c = await ctx.cpuSeconds();
        t = performance.now();
        const s2 = await engine.importSource(source);
        again.push((performance.now() - t) / 1000);
        againCpu.push((await ctx.cpuSeconds()) - c);
        if (s2.indexed !== 0) throw new Error(`re-import of unchanged ${name} rewrote ${s2.indexed} files`);
      }
      const row = (run: string, times: number[], cpu: number[], merge?: number[]): BenchRow => {
        const best = Math.min(...times);
        const mb = corpus.bytes / 1e6;
        return {
          host: ctx.host,
          corpus: name,
          run,
          source: sourceLabel(ctx),
          notes: counts.notes,
          files: counts.files,
          MB: round(mb, 1),
          runs: times.length,
          'best s': round(best, 2),
          'median s': round(median(times), 2),
          'then merge s': merge ? round(Math.min(...merge), 2) : null,
          'cpu s': cpu.some(Number.isNaN) ? null : round(Math.min(...cpu), 2),
          'notes/s': Math.round(counts.notes / best),
          'MB/s': round(mb / best, 1),
          problems: counts.problems,
        };
      };
      rows.push(row('first import', first, firstCpu, tidy));
      if (again.length) rows.push(row('unchanged re-import', again, againCpu));
    }
    return rows;
  },
});

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function folderSource(ctx: BenchContext): 'handle' | 'files' | null {
  const s = ctx.options.source;
  return ctx.host === 'chromium' && (s === 'handle' || s === 'files') ? s : null;
}

function sourceLabel(ctx: BenchContext): string {
  const kind = folderSource(ctx);
  return kind === 'handle' ? 'folder handle' : kind === 'files' ? 'File objects' : 'memory';
}

async function sourceFor(ctx: BenchContext, corpus: Corpus): Promise<ImportSource> {
  const kind = folderSource(ctx);
  if (!kind) return corpus.source();
  ctx.log(`writing ${corpus.files.length} files of ${corpus.name} to a private-file-system folder`);
  const { opfsFolder, folderFiles } = await import('../opfs-folder');
  const top = await opfsFolder(corpus);
  if (kind === 'handle') return handleSource(top);
  const files: PathedFile[] = await folderFiles(top);
  return filesSource(corpus.name, files);
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
