// Shared helpers for end-to-end tests: open the app, fill folders on disk
// (for <input webkitdirectory>) or in the origin's private file system (a
// real FileSystemDirectoryHandle, handed to the app in place of the native
// folder picker or a dropped folder, which a headless browser cannot show).
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export { writeTree, putFile, removeTree, generatedNotes } from '../worker/test/fixtures';

export const SCREENSHOTS = 'test-results/screens';
mkdirSync(SCREENSHOTS, { recursive: true });

/** Opens the app and waits until the engine is ready. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('app-ready')).toBeVisible();
}

/** Collects page errors and console errors, to assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Creates (or replaces) a folder `name` under OPFS "e2e-folders/" holding files (path → text or bytes). */
export async function makeOpfsFolder(page: Page, name: string, files: Record<string, string | Uint8Array>): Promise<void> {
  // Bytes cross into the page as base64, text as it is.
  const entries = Object.entries(files).map(([path, v]) => [path, typeof v === 'string' ? { text: v } : { b64: Buffer.from(v).toString('base64') }] as const);
  await page.evaluate(
    async ([folder, list]) => {
      const root = await navigator.storage.getDirectory();
      const base = await root.getDirectoryHandle('e2e-folders', { create: true });
      await base.removeEntry(folder, { recursive: true }).catch(() => undefined);
      const dir = await base.getDirectoryHandle(folder, { create: true });
      for (const [path, v] of list) {
        const parts = path.split('/');
        let d = dir;
        for (const p of parts.slice(0, -1)) d = await d.getDirectoryHandle(p, { create: true });
        const w = await (await d.getFileHandle(parts[parts.length - 1], { create: true })).createWritable();
        await w.write('text' in v ? v.text! : Uint8Array.from(atob(v.b64!), (c) => c.charCodeAt(0)));
        await w.close();
      }
    },
    [name, entries] as const,
  );
}

/** Makes the "Choose folder…" picker return the OPFS folder `name` instead of showing the native dialog. */
export async function pickerReturns(page: Page, name: string): Promise<void> {
  await page.evaluate((folder) => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => {
      const root = await navigator.storage.getDirectory();
      return (await root.getDirectoryHandle('e2e-folders')).getDirectoryHandle(folder);
    };
  }, name);
}

/**
 * Drops the OPFS folder `name` onto the page: dragenter, dragover and drop
 * events carry a DataTransfer whose item hands out the folder's directory
 * handle, as Chromium does for a folder dragged from the desktop.
 * Returns after the drop event has been dispatched.
 */
export async function dropFolder(page: Page, name: string, opts: { holdOverlay?: boolean } = {}): Promise<void> {
  await page.evaluate(
    async ([folder, hold]) => {
      const root = await navigator.storage.getDirectory();
      const handle = await (await root.getDirectoryHandle('e2e-folders')).getDirectoryHandle(folder);
      const dt = new DataTransfer();
      dt.items.add(new File([''], folder));
      const proto = DataTransferItem.prototype as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle> };
      proto.getAsFileSystemHandle = async () => handle;
      const fire = (type: string) => window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      fire('dragenter');
      fire('dragover');
      if (!hold) fire('drop');
    },
    [name, opts.holdOverlay === true] as const,
  );
}
