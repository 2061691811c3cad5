// npm run bench:valid-time:profile: where a valid-time search spends its
// time, statement by statement, in one process on bench:valid-time's vault.
// Every SQL statement the search tool runs is timed (wall, around the
// backend call) and grouped by its text; what is left of the call is
// JavaScript (argument parsing, scope, hydration, snippets). The vault image
// is kept in .tmp/ so a second run skips the import.
// Options: --notes N (default 10000), --queries N (default 200), --rows a,b
// (substrings of row names; default every row), --fresh (re-import).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { KNOWN_CORPORA, readCorpus } from './browser/corpus-node';
import { sampleQueries } from './lib/queries';
import { sentencesFrom, syntheticVault } from './lib/synthetic';
import { SCENARIOS, withObservations } from './lib/observations-vault';
import { openMemoryDb } from '../worker/db/open-node';
import type { Db } from '../worker/db/database';
import { createEngine } from '../worker/engine';
import { memorySource } from '../worker/ingest/source';

const argv = process.argv.slice(2);
const value = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : argv[i + 1];
};
const NOTES = Number(value('notes', '10000'));
const QUERIES = Number(value('queries', '200'));
const ROWS = value('rows', '').split(',').filter(Boolean);
const WARMUP = 30;

const seekstone = KNOWN_CORPORA['seekstone-10k'];
if (!existsSync(seekstone)) {
  process.stdout.write(`bench:valid-time:profile skipped: ${seekstone} is not on this machine (the corpora live in ../shared).\n`);
  process.exit(0);
}
const image = `.tmp/valid-time-${NOTES}.sqlite`;
if (argv.includes('--fresh') || !existsSync(image)) {
  const texts = (await readCorpus(seekstone)).map((f) => new TextDecoder().decode(f.bytes));
  const sentences = sentencesFrom(texts);
  const vault = withObservations(syntheticVault(sentences, NOTES), sentences);
  const db = await openMemoryDb();
  const s = await createEngine(db).importSource(memorySource('bench', vault.files));
  if (s.phase !== 'done') throw new Error(`import failed: ${s.error}`);
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(image, db.exportBytes());
  db.close();
}
const db = await openMemoryDb({ file: image });
const engine = createEngine(db);
const queries = sampleQueries(engine, QUERIES + WARMUP, 3);

// Time every statement, grouped by its text with the IN lists folded.
const spent = new Map<string, { ms: number; n: number }>();
let recording = false;
for (const m of ['all', 'get', 'column', 'each', 'eachRaw', 'run'] as const) {
  const orig = (db as Db)[m].bind(db) as (...a: unknown[]) => unknown;
  (db as unknown as Record<string, unknown>)[m] = (sql: string, ...rest: unknown[]) => {
    if (!recording) return orig(sql, ...rest);
    const t = performance.now();
    try {
      return orig(sql, ...rest);
    } finally {
      const key = sql.replace(/\s+/g, ' ').replace(/\?(,\?)+/g, '?…').slice(0, 150);
      const e = spent.get(key) ?? { ms: 0, n: 0 };
      e.ms += performance.now() - t;
      e.n++;
      spent.set(key, e);
    }
  };
}

for (const s of SCENARIOS.filter((x) => !ROWS.length || x.baseline || ROWS.some((r) => x.name.includes(r)))) {
  spent.clear();
  let total = 0;
  let cpu = 0;
  const walls: number[] = [];
  for (let i = 0; i < queries.length; i++) {
    recording = i >= WARMUP;
    const t = performance.now();
    const c = process.cpuUsage();
    const r = (await engine.call('search', { ...s.args(queries[i], i), mode: 'text' })) as { isError?: boolean; error?: unknown };
    if (r.isError) throw new Error(`${s.name}: ${JSON.stringify(r.error)}`);
    if (recording) {
      walls.push(performance.now() - t);
      total += performance.now() - t;
      const u = process.cpuUsage(c);
      cpu += (u.user + u.system) / 1000;
    }
  }
  recording = false;
  const runs = queries.length - WARMUP;
  const sql = [...spent.values()].reduce((a, e) => a + e.ms, 0);
  walls.sort((a, b) => a - b);
  const pct = (p: number) => walls[Math.min(walls.length - 1, Math.floor((p / 100) * walls.length))].toFixed(2);
  process.stdout.write(`\n## ${s.name}: p50 ${pct(50)} ms, p95 ${pct(95)} ms, mean ${(total / runs).toFixed(3)} ms (cpu ${(cpu / runs).toFixed(3)}), SQL ${(sql / runs).toFixed(3)}, rest (JS) ${((total - sql) / runs).toFixed(3)}\n`);
  for (const [k, e] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) {
    process.stdout.write(`  ${(e.ms / runs).toFixed(3)} ms  ×${(e.n / runs).toFixed(1)}  ${k}\n`);
  }
}
