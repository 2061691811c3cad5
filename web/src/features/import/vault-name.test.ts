import { describe, expect, it } from 'vitest';
import { candidateNames, freeVaultName, vaultForHandle } from './vault-name';

// A stand-in for a directory handle: the browser's handles cannot exist in Node.
// Identity is the object, as isSameEntry compares the underlying entry.
function folder(name: string, id = {}) {
  return { name, id, isSameEntry: async (o: { id: object }) => o.id === id } as unknown as FileSystemDirectoryHandle & { id: object };
}

describe('vault names for folders', () => {
  it('picks the first free "name (N)"', () => {
    expect(freeVaultName('notes', new Set())).toBe('notes');
    expect(freeVaultName('notes', new Set(['notes']))).toBe('notes (2)');
    expect(freeVaultName('notes', new Set(['notes', 'notes (2)', 'notes (4)']))).toBe('notes (3)');
  });

  it('only "name" and "name (N)" are candidates', () => {
    expect(candidateNames('notes', ['notes (2)', 'notes', 'notes-old', 'notes (x)', 'notes (3)', 'my notes'])).toEqual(['notes', 'notes (2)', 'notes (3)']);
  });

  it('a second folder with the same name gets its own vault; each folder returns to its own', async () => {
    const a = folder('notes');
    const b = folder('notes');
    const kept = new Map<string, FileSystemDirectoryHandle>();
    const lookup = async (v: string) => kept.get(v);
    expect(await vaultForHandle(a, [], lookup)).toBe('notes');
    kept.set('notes', a);
    expect(await vaultForHandle(a, ['notes'], lookup)).toBe('notes');
    expect(await vaultForHandle(b, ['notes'], lookup)).toBe('notes (2)');
    kept.set('notes (2)', b);
    expect(await vaultForHandle(b, ['notes', 'notes (2)'], lookup)).toBe('notes (2)');
    expect(await vaultForHandle(a, ['notes', 'notes (2)'], lookup)).toBe('notes');
    expect(await vaultForHandle(folder('notes'), ['notes', 'notes (2)'], lookup)).toBe('notes (3)');
  });

  it('a same-named vault without a kept folder is taken to be this folder', async () => {
    expect(await vaultForHandle(folder('notes'), ['notes'], async () => undefined)).toBe('notes');
  });
});
