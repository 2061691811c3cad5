// Hands a folder's File objects to the engine worker in parts. Posting a File
// to a worker clones it on the page's main thread (about 0.2 ms each in
// Chromium): 10,000 in one message froze the page for about 2 s right after
// the folder was chosen. In parts of PART_FILES the page keeps drawing and
// shows the count as it goes.
import type { Remote } from 'comlink';
import type { EngineApi, ImportProgress, PathedFile } from '../../../../worker/contract';

export const PART_FILES = 100;

/** The files, or the hand-over's number when there were more than one part; null when cancelled midway (the worker forgets the part already sent). */
export async function handOver(
  api: Remote<EngineApi>,
  name: string,
  files: PathedFile[],
  onProgress: (p: ImportProgress) => void,
  cancelled: () => boolean,
): Promise<PathedFile[] | { staged: number } | null> {
  if (files.length <= PART_FILES) return files;
  let stage: number | null = null;
  for (let i = 0; i < files.length; i += PART_FILES) {
    stage = await api.stageFiles(stage, files.slice(i, i + PART_FILES));
    // Checked after each part, the last too: the import must not start once Cancel was pressed.
    if (cancelled()) {
      void api.dropStaged(stage);
      return null;
    }
    onProgress(progressOf(name, Math.min(files.length, i + PART_FILES)));
  }
  return { staged: stage! };
}

function progressOf(vault: string, found: number): ImportProgress {
  return { phase: 'scanning', vault, found, processed: 0, indexed: 0, unchanged: 0, removed: 0, problems: 0, bytes: 0, elapsedMs: 0 };
}
