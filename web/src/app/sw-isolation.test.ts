// public/sw-isolation.js run in a stand-in service worker scope (Node's own
// Response and Headers): it adds the isolation headers to what Workbox
// answers, and passes on a response that has them already as it is. A copy
// is a new Response to Chromium, which then neither stores nor reads the
// WebAssembly code cache for it (helper wcache's trace: sqlite3.wasm compiled
// anew on every load).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

type Listener = (event: { respondWith(answer: unknown): void }) => void;

/** The script's wrapped fetch listener around `answer`, and what the page receives from it. */
async function served(answer: Response): Promise<Response> {
  const listeners: Listener[] = [];
  const self = { addEventListener: (type: string, l: Listener) => type === 'fetch' && listeners.push(l) } as Record<string, unknown>;
  runInNewContext(readFileSync('public/sw-isolation.js', 'utf8'), { self, Headers, Response, Promise, Object });
  (self.addEventListener as (t: string, l: Listener) => void)('fetch', (event) => event.respondWith(answer));
  let sent: Promise<Response> | undefined;
  listeners[0]({ respondWith: (p) => (sent = p as Promise<Response>) });
  return sent!;
}

const ALL = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp', 'Cross-Origin-Resource-Policy': 'same-origin' };

describe('sw-isolation', () => {
  it('adds the isolation headers to a response without them', async () => {
    const bare = new Response('x', { headers: { 'Content-Type': 'text/plain' } });
    const out = await served(bare);
    expect(out).not.toBe(bare);
    for (const [k, v] of Object.entries(ALL)) expect(out.headers.get(k)).toBe(v);
    expect(out.headers.get('Content-Type')).toBe('text/plain');
    expect(await out.text()).toBe('x');
  });

  it('passes on a response that has them already, the same object', async () => {
    const whole = new Response('wasm', { headers: { ...ALL, 'Content-Type': 'application/wasm' } });
    expect(await served(whole)).toBe(whole);
  });
});
