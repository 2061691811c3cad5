// Records a Chromium performance trace of a page through the DevTools
// protocol (the Tracing domain), as the Performance panel does: every
// process's main and worker threads, with each task's wall and CPU time.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { TraceEvent } from './trace-tasks';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'latencyInfo',
  // Thread CPU time of every event (tdur): what separates work from waiting for a core.
  'disabled-by-default-devtools.timeline.stack',
];

export interface Tracer {
  stop(): Promise<TraceEvent[]>;
}

export async function startTrace(context: BrowserContext, page: Page): Promise<Tracer> {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES, enableSampling: false } });
  return {
    async stop() {
      const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream as string)));
      await cdp.send('Tracing.end');
      const handle = await done;
      let text = '';
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
        text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await cdp.send('IO.close', { handle });
      await cdp.detach();
      const json = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      return Array.isArray(json) ? json : (json.traceEvents ?? []);
    },
  };
}
