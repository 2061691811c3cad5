// Start-up timing: named instants of opening the engine (the worker's own
// module load, SQLite, the VFS, migrations, the engine, the first tool calls),
// in absolute milliseconds (timeOrigin + now), so the page can lay them beside
// its own marks. Read by npm run bench:first-result; costs one array push each.
export interface StartupMark {
  name: string;
  /** Milliseconds since the epoch, to a fraction. */
  at: number;
}

const marks: StartupMark[] = [];
const seenCalls = new Set<string>();

export function startupMark(name: string): void {
  // Bounded: engines made again and again (tests, restores) must not grow it.
  if (marks.length < 300) marks.push({ name, at: performance.timeOrigin + performance.now() });
}

/** Marks the first call of each tool (its start and end): what the page asked for first, and how long it waited. */
export function firstCallMarks<T>(tool: string, run: () => Promise<T>): Promise<T> {
  if (seenCalls.has(tool)) return run();
  seenCalls.add(tool);
  startupMark(`call ${tool}: start`);
  return run().finally(() => startupMark(`call ${tool}: end`));
}

export function startupMarks(): StartupMark[] {
  return marks.slice();
}
