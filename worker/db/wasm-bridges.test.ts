import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSqlite } from './sqlite';
import { bridgeBytes } from './wasm-bridges';

type Wasm = { jsFuncToWasm(func: unknown, sig: unknown): (...args: unknown[]) => unknown };
const SIGNATURES = ['i(pp)', 'i(p)', 'i(ppij)', 'i(pj)', 'i(pppip)', 'v(p)', 'd(fd)', 'j(j)', 'ipp', 'vi'];

/** Every WebAssembly.Module compiled while `work` runs, by its bytes. */
function compiledDuring(work: () => void): Uint8Array[] {
  const seen: Uint8Array[] = [];
  const Real = WebAssembly.Module;
  const spy = vi.spyOn(WebAssembly, 'Module').mockImplementation(function (bytes: BufferSource) {
    seen.push(new Uint8Array(bytes as ArrayBuffer));
    return new Real(bytes);
  } as unknown as typeof WebAssembly.Module);
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('wasm bridges compiled once per signature', () => {
  it("builds exactly the bytes sqlite-wasm's own jsFuncToWasm compiles", async () => {
    const plain = (await (sqlite3InitModule as unknown as (o: object) => Promise<{ wasm: Wasm }>)({ print: () => {}, printErr: () => {} })).wasm;
    for (const sig of SIGNATURES) {
      const theirs = compiledDuring(() => plain.jsFuncToWasm(() => 0, sig));
      expect(theirs).toHaveLength(1);
      expect([...bridgeBytes(sig)!], sig).toEqual([...theirs[0]]);
    }
    expect(bridgeBytes('i(px)')).toBeUndefined();
  });

  it('compiles one module for functions of one signature, each calling its own function', async () => {
    const wasm = (await loadSqlite()).wasm as unknown as Wasm;
    let add!: (...a: unknown[]) => unknown, mul!: (...a: unknown[]) => unknown, big!: (...a: unknown[]) => unknown;
    const compiled = compiledDuring(() => {
      add = wasm.jsFuncToWasm((a: number, b: number) => a + b, 'i(ii)');
      mul = wasm.jsFuncToWasm('i(ii)', (a: number, b: number) => a * b);
      big = wasm.jsFuncToWasm((x: bigint) => x * 2n, 'j(j)');
    });
    expect(compiled).toHaveLength(2);
    expect([add(3, 4), mul(3, 4), big(2n ** 40n)]).toEqual([7, 12, 2n ** 41n]);
    // Again: nothing compiled.
    expect(compiledDuring(() => wasm.jsFuncToWasm((a: number) => a, 'i(ii)'))).toHaveLength(0);
  });

  it("is in place before the library's own start-up made its bridges", async () => {
    const wasm = (await loadSqlite()).wasm as unknown as Wasm;
    // sqlite-wasm's start-up bridged a trace callback of this signature (in Node; in the browser 28 functions): already compiled.
    expect(compiledDuring(() => wasm.jsFuncToWasm(() => 0, 'i(ippp)'))).toHaveLength(0);
    expect(Object.getOwnPropertyDescriptor(globalThis, 'WhWasmUtilInstaller')).toBeUndefined();
  });

  it('serves SQLite: SQL functions of one signature share a module and answer', async () => {
    const sqlite3 = await loadSqlite();
    const db = new sqlite3.oo1.DB(':memory:');
    try {
      const compiled = compiledDuring(() => {
        db.createFunction('twice', (_ctx: number, x) => Number(x) * 2, { arity: 1 });
        db.createFunction('thrice', (_ctx: number, x) => Number(x) * 3, { arity: 1 });
      });
      expect(db.selectArray('SELECT twice(21), thrice(5)')).toEqual([42, 15]);
      // sqlite-wasm's own would compile one module for each function.
      expect(compiled.length).toBe(1);
    } finally {
      db.close();
    }
  });
});
