// "Export vault": every note as Kioku holds it (edits included) in a .zip.
import { engineApi, isToolError } from '../../engine/client';
import { download, safeFileName, today } from '../../ui/download';
import { zip } from './zip';

export async function exportVaultZip(vault: string): Promise<number> {
  const notes = await engineApi().vaultNoteTexts(vault);
  if (isToolError(notes)) throw new Error(notes.error.message);
  const enc = new TextEncoder();
  const bytes = zip(notes.map((n) => ({ path: n.path, data: enc.encode(n.text), mtime: n.mtime })));
  download(`${safeFileName(vault)}-${today()}.zip`, bytes as Uint8Array<ArrayBuffer>, 'application/zip');
  return notes.length;
}
