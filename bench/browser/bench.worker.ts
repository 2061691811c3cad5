// The benchmark worker: the engine's own worker API (worker/platform/engine-host.ts,
// the OPFS database) plus runScenario(). Scenarios are the files in
// ./scenarios, bundled by Vite.
import * as Comlink from 'comlink';
import { createEngineHost } from '../../worker/platform/engine-host';
import { makeCorpus, type BenchContext, type BenchRow, type Scenario } from './scenario';
import { unpack } from './pack';

const modules = import.meta.glob<{ default: Scenario }>('./scenarios/*.ts', { eager: true });
const scenarios = new Map(Object.entries(modules).map(([file, m]) => [file.replace(/^.*\/|\.ts$/g, ''), m.default]));

const host = createEngineHost();

const api = {
  ...host.api,

  scenarioNames(): string[] {
    return [...scenarios.keys()].sort();
  },

  async runScenario(
    name: string,
    packs: Record<string, Uint8Array>,
    options: Record<string, string>,
    cpu?: () => Promise<number>,
    memory?: () => Promise<number>,
    uaMemory?: () => Promise<{ embedMb: number; sharedMb: number }>,
  ): Promise<BenchRow[]> {
    const scenario = scenarios.get(name);
    if (!scenario) throw new Error(`no scenario "${name}" (have: ${[...scenarios.keys()].join(', ')})`);
    const opened = await host.api.open();
    if (!opened.ok) throw new Error(`database did not open: ${opened.message}`);
    const corpora = new Map(Object.entries(packs).map(([n, blob]) => [n, makeCorpus(n, unpack(blob))]));
    const ctx: BenchContext = {
      host: 'chromium',
      get engine() {
        return host.engine();
      },
      reset: () => host.reset(),
      corpus(n) {
        const c = corpora.get(n);
        if (!c) throw new Error(`corpus "${n}" was not handed in (have: ${[...corpora.keys()].join(', ') || 'none'})`);
        return c;
      },
      corpora: [...corpora.keys()],
      options,
      log: (m) => console.log(`[bench] ${m}`),
      cpuSeconds: async () => (cpu ? cpu() : NaN),
      memoryMb: async () => (memory ? memory() : NaN),
      embedWorkerMemory: async () => (uaMemory ? uaMemory() : { embedMb: NaN, sharedMb: NaN }),
    };
    return scenario.run(ctx);
  },
};

export type BenchWorkerApi = typeof api;

Comlink.expose(api);
