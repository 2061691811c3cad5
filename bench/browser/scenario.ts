// What a benchmark scenario is. A scenario is one function, run inside the
// engine's Web Worker in headless Chromium (on the OPFS database) or in Node
// (on the in-memory database), over corpora that Node packed and handed in.
// It times what it wants and returns rows for the results table.
// Add one: bench/README.md.
import type { Engine } from '../../worker/engine';
import type { ImportSource } from '../../worker/ingest/source';
import { packedSource, type PackedFile } from './pack';

export type Host = 'chromium' | 'node';

export interface Corpus {
  name: string;
  files: readonly PackedFile[];
  /** Total bytes of all files. */
  bytes: number;
  /** An import source over the files (vault name defaults to the corpus name). */
  source(vault?: string): ImportSource;
}

export interface BenchContext {
  host: Host;
  /** The engine over the current database. */
  readonly engine: Engine;
  /** Throws away the database and returns an engine over a new, empty one. */
  reset(): Promise<Engine>;
  /** A corpus handed in by the runner, by name; throws when it was not. */
  corpus(name: string): Corpus;
  /** The names of the corpora handed in, in order. */
  corpora: readonly string[];
  /** Free-form options from the command line (--opt key=value). */
  options: Readonly<Record<string, string>>;
  /** A progress line on the runner's stderr. */
  log(message: string): void;
  /**
   * CPU seconds used so far by the engine: the worker's threads in Chromium
   * (Linux), the whole process in Node; NaN where unknown. Differences of two
   * readings cost little and, unlike wall time, hardly depend on other work
   * running on the machine.
   */
  cpuSeconds(): Promise<number>;
  /**
   * Resident memory in MB of what runs the engine: in Chromium (Linux) the
   * renderer process holding the page and its workers (the engine worker and
   * any worker it starts), in Node the process; NaN where unknown.
   */
  memoryMb(): Promise<number>;
  /**
   * MB that performance.measureUserAgentSpecificMemory() attributes to embed
   * workers (their scope's heap and buffers), and MB it reports as shared
   * between threads; Chromium's isolated page only, NaN elsewhere.
   */
  embedWorkerMemory?(): Promise<{ embedMb: number; sharedMb: number }>;
}

export type BenchRow = Record<string, string | number | null>;

export interface Scenario {
  description: string;
  /** Corpora the scenario needs when none are named on the command line. */
  defaultCorpora?: readonly string[];
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export function defineScenario(s: Scenario): Scenario {
  return s;
}

export function makeCorpus(name: string, files: readonly PackedFile[]): Corpus {
  return {
    name,
    files,
    bytes: files.reduce((n, f) => n + f.bytes.length, 0),
    source: (vault) => packedSource(vault ?? name, files),
  };
}
