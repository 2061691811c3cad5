// Query samples for latency benchmarks, drawn (seeded) from the vault itself.
import type { Engine } from '../../worker/engine';
import { rng } from './rng';

/** Queries a user might type: a word from a note's title, maybe with words from its text. */
export function sampleQueries(engine: Engine, count: number, seed = 3): string[] {
  const random = rng(seed);
  const notes = engine.db.all<{ title: string; body: string }>(
    "SELECT e.title, substr(c.body, 1, 3000) AS body FROM entries e JOIN contents c ON c.entry_id = e.id WHERE e.kind = 'note'",
  );
  const words = (s: string) => (s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  const out: string[] = [];
  while (out.length < count) {
    const n = notes[Math.floor(random() * notes.length)];
    const title = words(n.title);
    const body = words(n.body);
    if (!title.length || body.length < 3) continue;
    const q = [title[Math.floor(random() * title.length)]];
    const extra = random() < 0.4 ? 0 : random() < 0.67 ? 1 : 2;
    for (let k = 0; k < extra; k++) q.push(body[Math.floor(random() * body.length)]);
    out.push(q.join(' '));
  }
  return out;
}

