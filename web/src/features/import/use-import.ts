// Runs imports in the engine worker and tracks their progress for the UI.
import { useCallback, useRef, useState } from 'react';
import { engineApi, progressProxy, type ImportProgress, type ImportSummary, type ToolErrorResult } from '../../engine/client';
import { saveFolderHandle } from '../../engine/folder-handles';
import type { FolderInput } from './folder-input';
import { vaultForHandle } from './vault-name';
import { call, isToolError } from '../../engine/client';
import { handOver } from './hand-over';

export interface ImportState {
  running: boolean;
  progress: ImportProgress | null;
  last: ImportSummary | null;
  error: string | null;
}

export function useImport(onDone: () => void) {
  const [state, setState] = useState<ImportState>({ running: false, progress: null, last: null, error: null });
  // Cancel pressed while the page was still handing files over (the worker's import has not started).
  const cancelled = useRef(false);

  const run = useCallback(
    async (start: (onProgress: (p: ImportProgress) => void) => Promise<ImportSummary | ToolErrorResult | null>) => {
      cancelled.current = false;
      setState({ running: true, progress: null, last: null, error: null });
      try {
        const summary = await start(progressProxy((p) => setState((s) => ({ ...s, progress: p }))));
        if (summary === null) setState({ running: false, progress: null, last: null, error: null });
        // An import that could not start (the database is not open) is an error result: its message is shown.
        else if (isToolError(summary)) setState({ running: false, progress: null, last: null, error: summary.error.message });
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
        const files = await handOver(api, vault ?? input.name, input.files, onProgress, () => cancelled.current);
        return files === null ? null : api.importFiles(input.name, files, vault, onProgress, { obsidian: input.obsidian });
      }),
    [run],
  );

  const importTexts = useCallback(
    (name: string, files: Record<string, string>) => run((onProgress) => engineApi().importTexts(name, files, onProgress)),
    [run],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    void engineApi().cancelImport();
  }, []);

  return { state, importFolder, importTexts, cancel };
}
