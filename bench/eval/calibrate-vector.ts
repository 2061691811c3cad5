// `npx tsx bench/eval/calibrate-vector.ts --reuse-import`: the similarities
// behind the vector-hit criterion (docs/embeddings.md). For every query of
// the seekstone sets: the best similarity, the judged note's similarity and
// rank, and how far below the best it is. No-match queries show what a
// query that means nothing scores.
import { COLLECTIONS, type Collection } from './collections';
import { embedOptions, prepareEmbeddings } from './embed-modes';
import { loadCollection } from './harness';
import type { EmbedService } from '../../worker/embed/service';
import { meaningText } from '../../worker/search/hybrid';
import { parseQuery } from '../../worker/search/query-syntax';
import { percentile } from './metrics';

async function main(): Promise<void> {
  const cs = ['seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase', 'seekstone-nomatch'].map((n) => COLLECTIONS[n]()).filter((c): c is Collection => c !== null);
  const { engine } = await loadCollection(cs[0], { engine: embedOptions });
  await prepareEmbeddings(engine, cs, (s) => console.error(s));
  const embed = engine.ctx.services.embed as EmbedService;
  const index = await embed.index();
  const paths = new Map(engine.db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
  for (const c of cs) {
    const best: number[] = [];
    const gaps: number[] = [];
    const targetSims: number[] = [];
    const second: number[] = [];
    for (const q of c.queries) {
      const v = await embed.queryVector(meaningText(parseQuery(q.text)));
      if (!v.ok) continue;
      const { hits } = index.search(v.vector, null, 50);
      if (!hits.length) continue;
      best.push(hits[0].score);
      second.push(hits[0].score - (hits[9]?.score ?? hits[hits.length - 1].score));
      const t = hits.findIndex((h) => c.docKey(paths.get(h.entryId)!) !== null && q.gains.has(c.docKey(paths.get(h.entryId)!)!));
      if (t >= 0) {
        gaps.push(hits[0].score - hits[t].score);
        targetSims.push(hits[t].score);
      }
    }
    const p = (xs: number[]) => [5, 25, 50, 75, 95].map((k) => percentile(xs, k).toFixed(3)).join(' / ');
    console.log(`${c.name}: ${best.length} queries embedded`);
    console.log(`  best similarity p5/25/50/75/95: ${p(best)}`);
    console.log(`  best − 10th p5/25/50/75/95: ${p(second)}`);
    if (gaps.length) {
      console.log(`  judged note in top 50: ${gaps.length}; its similarity p5/25/50/75/95: ${p(targetSims)}`);
      console.log(`  best − judged p50/75/90/95/100: ${[50, 75, 90, 95, 100].map((k) => percentile(gaps, k).toFixed(3)).join(' / ')}`);
    }
  }
  engine.db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
