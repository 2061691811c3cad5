// Import throughput: each corpus into an empty database (parse, frontmatter
// rows, FTS index, storage), then the same folder again unchanged (the
// re-sync path: read, hash, skip).
import { defineScenario, type BenchRow } from '../scenario';

export default defineScenario({
  description: 'Imports each corpus into an empty database, then re-imports it unchanged.',
  defaultCorpora: ['seekstone-10k', 'd365-ja'],
  async run(ctx) {
    const rows: BenchRow[] = [];
    const repeat = Number(ctx.options.repeat ?? 1);
    for (const name of ctx.corpora) {
      const corpus = ctx.corpus(name);
      const mb = corpus.bytes / 1e6;
      for (let i = 0; i < repeat; i++) {
        const engine = await ctx.reset();
        const t = performance.now();
        const s = await engine.importSource(corpus.source());
        const seconds = (performance.now() - t) / 1000;
        if (s.phase !== 'done') throw new Error(`import of ${name} ended with ${s.phase}: ${s.error ?? ''}`);
        ctx.log(`${ctx.host} ${name}: ${s.notes} notes in ${seconds.toFixed(2)} s`);
        rows.push({
          host: ctx.host,
          corpus: name,
          run: 'first import',
          notes: s.notes,
          files: s.files,
          MB: round(mb, 1),
          seconds: round(seconds, 2),
          'notes/s': Math.round(s.notes / seconds),
          'MB/s': round(mb / seconds, 1),
          problems: s.problems,
        });
        if (ctx.options.reimport === 'no') continue;
        const t2 = performance.now();
        const again = await engine.importSource(corpus.source());
        const seconds2 = (performance.now() - t2) / 1000;
        if (again.indexed !== 0) throw new Error(`re-import of unchanged ${name} rewrote ${again.indexed} files`);
        rows.push({
          host: ctx.host,
          corpus: name,
          run: 'unchanged re-import',
          notes: again.notes,
          files: again.files,
          MB: round(mb, 1),
          seconds: round(seconds2, 2),
          'notes/s': Math.round(again.notes / seconds2),
          'MB/s': round(mb / seconds2, 1),
          problems: again.problems,
        });
      }
    }
    return rows;
  },
});

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
