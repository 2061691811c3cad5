// A dropped folder that cannot be read while Kioku tells a model folder from
// a folder of notes (issue 10, defect 7): nothing is imported and the page
// says why, rather than importing a model's files as notes. The browser
// cannot be made to fail a folder read on demand, so the dropped handle
// passes the real folder's lookups through and fails only its listing, as
// a folder whose permission was withdrawn meanwhile does.
import { test, expect } from '@playwright/test';
import { makeOpfsFolder, openApp } from './fixtures';

test('a model-folder check that fails imports nothing and says so', async ({ page }) => {
  await openApp(page);
  await makeOpfsFolder(page, 'unreadable-model', { 'config.json': '{}', 'tokenizer.json': '{}', 'onnx/model.onnx': 'x', 'readme.md': '# Not a note vault' });
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('e2e-folders')).getDirectoryHandle('unreadable-model');
    const unreadable = {
      kind: 'directory',
      name: dir.name,
      getFileHandle: (name: string, o?: FileSystemGetFileOptions) => dir.getFileHandle(name, o),
      getDirectoryHandle: (name: string, o?: FileSystemGetDirectoryOptions) => dir.getDirectoryHandle(name, o),
      values: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new DOMException('The folder could not be read.', 'NotReadableError')) }),
      }),
    };
    const dt = new DataTransfer();
    dt.items.add(new File([''], 'unreadable-model'));
    (DataTransferItem.prototype as DataTransferItem & { getAsFileSystemHandle?: () => Promise<unknown> }).getAsFileSystemHandle = async () => unreadable;
    for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('Could not tell whether “unreadable-model” is a model folder or notes (The folder could not be read.); nothing was imported.')).toBeVisible();
  await expect(page.getByTestId('vault')).toHaveCount(0);
});
