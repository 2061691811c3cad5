// sqlite-wasm hands every JS function it gives SQLite (in the browser 28
// while it starts, the methods of the VFSes it sets up, and 8 more for
// opfs-sahpool as the database opens) to WebAssembly through a tiny module
// of its own (`wasm.jsFuncToWasm`: one import, one export), which it
// compiles synchronously anew for each function. A module depends only on the function's signature, and the VFS's
// methods share a handful of signatures; here each signature's module is
// compiled once and instantiated for each function (the same code the
// library builds, so the same function pointers' behaviour). Issue 16: the
// first result after load, where these compilations sat on the path.

type Bridge = (func: unknown, sig: unknown) => unknown;

/** Wasm value type codes of sqlite-wasm's signature letters (wasm32: pointers are i32). */
const TYPE: Record<string, number> = { i: 0x7f, p: 0x7f, P: 0x7f, s: 0x7f, j: 0x7e, f: 0x7d, d: 0x7c };
const JACCWABYT = /^(\w)\((\w*)\)$/;

/** The bytes sqlite-wasm's jsFuncToWasm compiles for a signature ("i(pp)" or Emscripten's "ipp"); undefined for a signature it would refuse. */
export function bridgeBytes(sig: string): Uint8Array<ArrayBuffer> | undefined {
  const m = JACCWABYT.exec(sig);
  const params = m ? m[2] : sig.slice(1);
  const type = [0x60];
  const uleb = (n: number) => (n < 128 ? [n] : [(n % 128) | 128, n >> 7]);
  type.push(...uleb(params.length));
  for (const p of params) {
    if (TYPE[p] === undefined) return undefined;
    type.push(TYPE[p]);
  }
  if (sig[0] === 'v') type.push(0);
  else if (TYPE[sig[0]] === undefined) return undefined;
  else type.push(1, TYPE[sig[0]]);
  const typeSection = [1, ...type];
  return new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, ...uleb(typeSection.length), ...typeSection, 2, 7, 1, 1, 101, 1, 102, 0, 0, 7, 5, 1, 1, 102, 0, 0]);
}

const CACHED = Symbol('kioku: bridges compiled once');

/** Makes `wasm.jsFuncToWasm` compile each signature's module once (anything unusual goes to the library's own). */
export function compileBridgesOnce(wasm: { jsFuncToWasm: Bridge }): void {
  const own = wasm.jsFuncToWasm;
  if ((own as { [CACHED]?: true })[CACHED]) return;
  const modules = new Map<string, WebAssembly.Module>();
  wasm.jsFuncToWasm = function jsFuncToWasm(a: unknown, b: unknown) {
    // Either order, as the library takes them.
    const [func, sig] = typeof a === 'string' ? [b, a] : [a, b];
    if (typeof sig !== 'string' || !(func instanceof Function)) return own(a, b);
    let module = modules.get(sig);
    if (!module) {
      const bytes = bridgeBytes(sig);
      if (!bytes) return own(a, b);
      modules.set(sig, (module = new WebAssembly.Module(bytes)));
    }
    return new WebAssembly.Instance(module, { e: { f: func as (...args: unknown[]) => unknown } }).exports.f;
  };
  (wasm.jsFuncToWasm as { [CACHED]?: true })[CACHED] = true;
}

/**
 * Puts the cache in before the library's start-up makes its own bridges: sqlite-wasm defines
 * `globalThis.WhWasmUtilInstaller` while it starts, calls it on its wasm helper object (which
 * gains jsFuncToWasm there) and deletes it; the setter here wraps that call. Call just before
 * the library's init.
 */
export function compileBridgesOnceFromInit(): void {
  const g = globalThis as Record<string, unknown>;
  if (Object.getOwnPropertyDescriptor(g, 'WhWasmUtilInstaller')) return;
  let installer: unknown;
  Object.defineProperty(g, 'WhWasmUtilInstaller', {
    configurable: true,
    enumerable: true,
    get: () => installer,
    set(fn: unknown) {
      installer =
        typeof fn === 'function'
          ? function WhWasmUtilInstaller(this: unknown, target: { jsFuncToWasm: Bridge }) {
              const r = fn.call(this, target);
              compileBridgesOnce(target);
              return r;
            }
          : fn;
    },
  });
}
