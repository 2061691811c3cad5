// Reads a Chromium performance trace (Tracing domain, JSON trace events) and
// says what each long task of the page's main thread was: its wall time
// against the CPU time the thread got (tdur: a task whose CPU is a fraction of
// its wall time waited for a core), and what ran inside it, by self time
// (scripts by their URL and function, layout, style, GC, ...). Pure: events in,
// summaries out (bench/embed-typing.ts --trace writes and reads the traces).

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

export interface TaskPart {
  /** What ran: the event's name, scripts with where they came from. */
  what: string;
  /** Self time (wall), ms. */
  ms: number;
  /** Self CPU time of the thread, ms. */
  cpuMs: number;
}

export interface LongTask {
  /** ms from the first event of the trace. */
  at: number;
  ms: number;
  /** CPU time the main thread got during the task, ms. */
  cpuMs: number;
  /** The largest parts by self wall time. */
  parts: TaskPart[];
  /** CPU time other threads of the same renderer got meanwhile (the workers), ms, by thread name. */
  others: Record<string, number>;
}

const ms = (us: number | undefined) => (us ?? 0) / 1000;

/** A readable label for an event: scripts say which file and function, events their type. */
export function label(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const file = typeof d.url === 'string' ? (d.url.split('/').pop() ?? '').replace(/-[\w-]{8}\.js$/, '.js') : '';
  const fn = typeof d.functionName === 'string' && d.functionName ? d.functionName : '';
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile') return `${e.name} ${file}${fn ? ` ${fn}` : ''}`.trim();
  if (e.name === 'EventDispatch' && typeof d.type === 'string') return `EventDispatch ${d.type}`;
  if (e.name === 'TimerFire') return 'TimerFire';
  return e.name;
}

/** Thread names by pid and tid (from the trace's metadata events). */
export function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
  return names;
}

/** Complete events ('X') of one thread, sorted by start (longer first on ties, so parents precede children). */
function threadEvents(events: readonly TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events.filter((e) => e.ph === 'X' && e.pid === pid && e.tid === tid && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

/** Self time of each event nested in `task` (wall and thread), summed by label. */
export function selfTimes(task: TraceEvent, inside: readonly TraceEvent[]): TaskPart[] {
  const end = task.ts + (task.dur ?? 0);
  const nested = inside.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const self = new Map<TraceEvent, { ms: number; cpu: number }>();
  self.set(task, { ms: ms(task.dur), cpu: ms(task.tdur) });
  // A stack of open events: each event's time is taken off its innermost enclosing one.
  const stack: TraceEvent[] = [task];
  for (const e of nested) {
    while (stack.length > 1 && stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0) <= e.ts) stack.pop();
    const parent = self.get(stack[stack.length - 1])!;
    parent.ms -= ms(e.dur);
    parent.cpu -= ms(e.tdur);
    self.set(e, { ms: ms(e.dur), cpu: ms(e.tdur) });
    stack.push(e);
  }
  const byLabel = new Map<string, TaskPart>();
  for (const [e, t] of self) {
    const what = e === task ? '(task itself, nothing traced inside)' : label(e);
    const p = byLabel.get(what) ?? { what, ms: 0, cpuMs: 0 };
    p.ms += t.ms;
    p.cpuMs += Math.max(0, t.cpu);
    byLabel.set(what, p);
  }
  return [...byLabel.values()].sort((a, b) => b.ms - a.ms);
}

/**
 * The main thread's tasks over `minMs` in the renderer that runs the page's
 * workers (its CrRendererMain), each with its parts and what the other
 * threads of that renderer ran meanwhile.
 */
export function longTasks(events: readonly TraceEvent[], minMs = 50, top = 6): LongTask[] {
  const names = threadNames(events);
  const origin = events.reduce((m, e) => (e.ts > 0 && e.ts < m ? e.ts : m), Infinity);
  const threads = [...names.entries()].map(([k, name]) => {
    const [pid, tid] = k.split(':').map(Number);
    return { pid, tid, name };
  });
  // The page's renderer: the one whose threads include dedicated workers (the engine and the embed worker).
  const renderer = threads.find((t) => t.name.startsWith('DedicatedWorker'))?.pid;
  const main = threads.find((t) => t.name === 'CrRendererMain' && t.pid === renderer) ?? threads.find((t) => t.name === 'CrRendererMain');
  if (!main) return [];
  const mine = threadEvents(events, main.pid, main.tid);
  const others = threads.filter((t) => t.pid === main.pid && t.tid !== main.tid).map((t) => ({ ...t, events: events.filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')) }));
  const out: LongTask[] = [];
  for (const task of mine) {
    if (task.name !== 'RunTask' || ms(task.dur) < minMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const meanwhile: Record<string, number> = {};
    for (const t of others) {
      let cpu = 0;
      for (const e of t.events) {
        const s = Math.max(e.ts, task.ts);
        const f = Math.min(e.ts + (e.dur ?? 0), end);
        // Spread a task's CPU evenly over its wall time: the part inside the window.
        if (f > s && e.dur) cpu += ms(e.tdur) * ((f - s) / e.dur);
      }
      if (cpu >= 1) meanwhile[t.name] = Math.round((meanwhile[t.name] ?? 0) + cpu);
    }
    out.push({ at: ms(task.ts - origin), ms: ms(task.dur), cpuMs: ms(task.tdur), parts: selfTimes(task, mine).slice(0, top), others: meanwhile });
  }
  return out;
}

/** One line a task, for a reader: wall, CPU, the parts, the other threads. */
export function describeTasks(tasks: readonly LongTask[]): string {
  const r = (x: number) => Math.round(x);
  return tasks
    .map((t) => {
      const parts = t.parts.filter((p) => p.ms >= 1).map((p) => `${p.what} ${r(p.ms)}/${r(p.cpuMs)}`).join('; ');
      const others = Object.entries(t.others).map(([n, c]) => `${n} ${c}`).join(', ');
      return `at ${(t.at / 1000).toFixed(2)} s: ${r(t.ms)} ms wall, ${r(t.cpuMs)} ms CPU | ${parts}${others ? ` | other threads' CPU meanwhile: ${others}` : ''}`;
    })
    .join('\n');
}
