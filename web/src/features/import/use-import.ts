// Runs imports in the engine worker and tracks their progress for the UI.
import { useCallback, useState } from 'react';
import { engineApi, progressProxy, type ImportProgress, type ImportSummary, type ToolErrorResult } from '../../engine/client';
import { saveFolderHandle } from '../../engine/folder-handles';
import type { FolderInput } from './folder-input';
import { vaultForHandle } from './vault-name';
import { call, isToolError } from '../../engine/client';

export interface ImportState {
  running: boolean;
  progress: ImportProgress | null;
  last: ImportSummary | null;
  error: string | null;
}

export function useImport(onDone: () => void) {
  const [state, setState] = useState<ImportState>({ running: false, progress: null, last: null, error: null });

  const run = useCallback(
    async (start: (onProgress: (p: ImportProgress) => void) => Promise<ImportSummary | ToolErrorResult>) => {
      setState({ running: true, progress: null, last: null, error: null });
      try {
        const summary = await start(progressProxy((p) => setState((s) => ({ ...s, progress: p }))));
        // An import that could not start (the database is not open) is an error result: its message is shown.
        if (isToolError(summary)) setState({ running: false, progress: null, last: null, error: summary.error.message });
        else setState({ running: false, progress: null, last: summary, error: summary.error ?? null });
      } catch (e) {
        setState({ running: false, progress: null, last: null, error: (e as Error)?.message ?? String(e) });
      } finally {
        onDone();
      }
    },
    [onDone],
  );

  const importFolder = useCallback(
    (input: FolderInput, vault?: string) =>
      run(async (onProgress) => {
        const api = engineApi();
        if (input.kind === 'handle') {
          if (vault === undefined) {
            const listed = await call('vaults');
            vault = await vaultForHandle(input.handle, isToolError(listed) ? [] : listed.vaults.map((v) => v.name));
          }
          // Keep the handle so the folder can be re-synced without picking it again.
          await saveFolderHandle(vault, input.handle).catch(() => undefined);
          return api.importHandle(input.handle, vault, onProgress);
        }
        return api.importFiles(input.name, input.files, vault, onProgress, { obsidian: input.obsidian });
      }),
    [run],
  );

  const importTexts = useCallback(
    (name: string, files: Record<string, string>) => run((onProgress) => engineApi().importTexts(name, files, onProgress)),
    [run],
  );

  const cancel = useCallback(() => void engineApi().cancelImport(), []);

  return { state, importFolder, importTexts, cancel };
}
