// npm run bench:fields-cost: the fields tool's file fields on seekstone-10k in
// Node, counted from one read of the notes (file-field-scan.ts) against the
// statements it ran before (the file_fields view grouped in SQL) as the
// baseline, interleaved in the same run; then the whole tool, cold (the tool
// keeps its answer until the database changes). Needs the database
// bench:query-cost builds (.tmp/seekstone-10k.kioku). CPU and wall ms.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { openMemoryDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { readableScope } from '../worker/query/field-stats';
import { fileFieldStats } from '../worker/query/file-field-stats';

const CACHE = new URL('../.tmp/seekstone-10k.kioku', import.meta.url).pathname;
if (!existsSync(CACHE)) {
  process.stdout.write('bench:fields-cost skipped: run npm run bench:query-cost first (it builds .tmp/seekstone-10k.kioku).\n');
  process.exit(0);
}
const db = await openMemoryDb({ file: CACHE });

/** The two statements of the file fields before (the view grouped in SQL). */
function viewGrouped(limit: number): number {
  const { scope, params } = readableScope({ limit });
  const where = `WHERE key NOT IN ('file.tags', 'file.inlinks', 'file.outlinks') AND ${scope.join(' AND ')}`;
  const rows = db.all(`SELECT key, t, COUNT(DISTINCT entry_id) AS notes, MAX(pos >= 0) AS list FROM file_fields ${where} GROUP BY key, t`, params);
  const values = db.all(
    `SELECT key, v, n, d FROM (
       SELECT key, v, n, ROW_NUMBER() OVER (PARTITION BY key ORDER BY n DESC, v) AS rank, COUNT(*) OVER (PARTITION BY key) AS d
       FROM (SELECT key, coalesce(num, str) AS v, COUNT(DISTINCT entry_id) AS n FROM file_fields ${where} GROUP BY key, v))
     WHERE rank <= ? ORDER BY key, rank`,
    [...params, limit],
  );
  return rows.length + values.length;
}

const time = (work: () => unknown) => {
  const c = process.cpuUsage();
  const t = performance.now();
  work();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
};
const load = loadavg()[0];
const runs = { before: [] as { wall: number; cpu: number }[], after: [] as { wall: number; cpu: number }[] };
for (let i = 0; i < 4; i++) {
  runs.before.push(time(() => viewGrouped(10)));
  runs.after.push(time(() => fileFieldStats(db, { limit: 10 }, undefined)));
}
const engine = createEngine(db);
const c0 = process.cpuUsage();
const t0 = performance.now();
await engine.call('fields', {});
const u0 = process.cpuUsage(c0);
const tool = { wall: performance.now() - t0, cpu: (u0.user + u0.system) / 1000 };
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: { wall: number; cpu: number }[]) => `${med(xs.map((x) => x.wall)).toFixed(0)} / ${med(xs.map((x) => x.cpu)).toFixed(0)}`;
process.stdout.write(
  `| file fields of the fields tool, seekstone-10k | median ms of 4, wall / CPU |\n|---|---|\n| before: the file_fields view grouped in SQL | ${fmt(runs.before)} |\n| after: one read of the notes (file-field-scan.ts) | ${fmt(runs.after)} |\n\n` +
    `The whole fields tool, cold, after: ${tool.wall.toFixed(0)} / ${tool.cpu.toFixed(0)} ms.\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${load.toFixed(2)} when it started (shared with other work: upper bounds).\n`,
);
