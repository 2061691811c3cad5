// Runs SQLite's code paths of opening the vault and of a first text search
// once, on an in-memory database of a fresh instance of sqlite3.wasm, so
// that V8 compiles them (see sqlite-warm.worker.ts). No DOM, no files.
import { WARM_STATEMENTS } from './sqlite-warm-sql';

const ENOSYS = 52;

/**
 * Instantiates sqlite3.wasm on its own memory and runs WARM_STATEMENTS on an
 * in-memory database; returns how many statements failed (-1: SQLite did not
 * start). Used by the helper worker; pure apart from the module's own code.
 */
export function warmSqlite(module: WebAssembly.Module, statements: readonly string[] = WARM_STATEMENTS): number {
  // sqlite3.wasm imports its memory; 8 MB at first, as the library's own loader gives it.
  const memory = new WebAssembly.Memory({ initial: 128, maximum: 32768 });
  const imports: Record<string, Record<string, WebAssembly.ImportValue>> = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    const ns = (imports[imp.module] ??= {});
    if (imp.kind === 'memory') ns[imp.name] = memory;
    else if (imp.kind === 'function') ns[imp.name] = stub(imp.name, memory);
  }
  const x = new WebAssembly.Instance(module, imports).exports as Record<string, (...args: number[]) => number>;
  x.__wasm_call_ctors?.();
  if (x.sqlite3_initialize() !== 0) return -1;
  const cstr = (s: string): number => {
    const bytes = new TextEncoder().encode(`${s}\0`);
    const p = x.sqlite3_malloc(bytes.length);
    new Uint8Array(memory.buffer).set(bytes, p);
    return p;
  };
  const out = x.sqlite3_malloc(8);
  // SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
  if (x.sqlite3_open_v2(cstr(':memory:'), out, 6, 0) !== 0) return -1;
  const db = new DataView(memory.buffer).getUint32(out, true);
  let failed = 0;
  for (const sql of statements) {
    const text = cstr(sql);
    if (x.sqlite3_exec(db, text, 0, 0, 0) !== 0) failed++;
    x.sqlite3_free(text);
  }
  x.sqlite3_close_v2(db);
  return failed;
}

/** The C library's system calls: an in-memory database needs none but the clock and the heap's growth. */
function stub(name: string, memory: WebAssembly.Memory): (...args: never[]) => number {
  switch (name) {
    case 'emscripten_resize_heap':
      return ((bytes: number) => {
        const more = Math.ceil((bytes - memory.buffer.byteLength) / 65536);
        try {
          if (more > 0) memory.grow(more);
          return 1;
        } catch {
          return 0;
        }
      }) as never;
    case 'emscripten_get_heap_max':
      return () => 32768 * 65536;
    case 'emscripten_date_now':
      return () => Date.now();
    case 'emscripten_get_now':
      return () => performance.now();
    case 'clock_time_get':
      return ((_id: number, _precision: bigint, at: number) => {
        new DataView(memory.buffer).setBigInt64(at, BigInt(Date.now()) * 1_000_000n, true);
        return 0;
      }) as never;
    case 'environ_sizes_get':
      return ((count: number, size: number) => {
        new DataView(memory.buffer).setUint32(count, 0, true);
        new DataView(memory.buffer).setUint32(size, 0, true);
        return 0;
      }) as never;
    case 'environ_get':
    case '_tzset_js':
    case '_localtime_js':
      return () => 0;
    default:
      // Files: there are none (system calls answer -errno, WASI calls errno).
      return () => (name.startsWith('__syscall') || name.startsWith('_m') ? -ENOSYS : ENOSYS);
  }
}
