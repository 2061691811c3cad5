// The engine's Web Worker, first module: it starts fetching and compiling
// SQLite's wasm, then loads the engine (engine-worker.ts, most of the
// worker's code) while the wasm compiles, instead of one after the other.
// Messages the page sends meanwhile (tools, open) are held and handed over
// once the engine's API listens. Browser only (Vite resolves the ?url import).
import sqliteWasmUrl from '@sqlite.org/sqlite-wasm/sqlite3.wasm?url';
import { startupMark } from './platform/startup-marks';

startupMark('engine worker: started');

const wasm = compileWasm(sqliteWasmUrl);
// Reported by loadSqlite, which open() awaits; not an unhandled rejection meanwhile.
wasm.catch(() => {});

const held: MessageEvent[] = [];
const hold = (e: MessageEvent) => void held.push(e);
addEventListener('message', hold);
const { exposeEngine } = await import('./engine-worker');
exposeEngine(wasm);
removeEventListener('message', hold);
for (const e of held) dispatchEvent(new MessageEvent('message', { data: e.data, ports: [...e.ports] }));

/** Compiles while the bytes arrive; a server that does not say application/wasm gets the slower path. */
async function compileWasm(url: string): Promise<WebAssembly.Module> {
  try {
    const module = await WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
    startupMark('sqlite wasm compiled');
    return module;
  } catch {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const module = await WebAssembly.compile(await response.arrayBuffer());
    startupMark('sqlite wasm compiled');
    return module;
  }
}
