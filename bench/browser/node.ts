// Runs a scenario in Node over the in-memory database (the CLI's engine).
import { openMemoryDb } from '../../worker/db/open-node';
import { createEngine, type Engine } from '../../worker/engine';
import { makeCorpus, type BenchContext, type BenchRow, type Scenario } from './scenario';
import type { PackedFile } from './pack';

export async function loadScenario(name: string): Promise<Scenario> {
  if (!/^[\w-]+$/.test(name)) throw new Error(`bad scenario name ${JSON.stringify(name)}`);
  const mod = (await import(`./scenarios/${name}.ts`)) as { default?: Scenario };
  if (!mod.default) throw new Error(`bench/browser/scenarios/${name}.ts has no default export`);
  return mod.default;
}

export async function runInNode(
  name: string,
  corpora: Record<string, readonly PackedFile[]>,
  options: Record<string, string> = {},
  log: (s: string) => void = (s) => process.stderr.write(`${s}\n`),
): Promise<BenchRow[]> {
  const scenario = await loadScenario(name);
  let engine: Engine = createEngine(await openMemoryDb());
  const made = new Map(Object.entries(corpora).map(([n, files]) => [n, makeCorpus(n, files)]));
  const ctx: BenchContext = {
    host: 'node',
    get engine() {
      return engine;
    },
    async reset() {
      engine.db.close();
      engine = createEngine(await openMemoryDb());
      return engine;
    },
    corpus(n) {
      const c = made.get(n);
      if (!c) throw new Error(`corpus "${n}" was not handed in (have: ${[...made.keys()].join(', ') || 'none'})`);
      return c;
    },
    corpora: [...made.keys()],
    options,
    log: (m) => log(`[bench] ${m}`),
    cpuSeconds: async () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    },
    memoryMb: async () => Math.round(process.memoryUsage().rss / 1e5) / 10,
  };
  try {
    return await scenario.run(ctx);
  } finally {
    engine.db.close();
  }
}
