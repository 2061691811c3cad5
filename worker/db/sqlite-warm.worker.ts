// A short-lived helper worker of the engine worker (browser only): it gets
// the compiled sqlite3.wasm module the engine worker is about to instantiate
// and runs, on an in-memory database of its own, statements like those of
// opening the vault and of a first search. V8 compiles a wasm function at its
// first call, on the calling thread, and the code belongs to the module, which
// workers that received the same WebAssembly.Module share: what this worker
// compiles on the other core, the engine worker then finds compiled. Nothing
// here touches the vault; any failure just ends the worker.
import { warmSqlite } from './sqlite-warm';

self.onmessage = (e: MessageEvent<WebAssembly.Module>) => {
  try {
    warmSqlite(e.data);
  } catch {
    // Best effort: the engine worker compiles whatever was not warmed.
  }
  self.close();
};
