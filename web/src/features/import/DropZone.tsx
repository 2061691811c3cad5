// A drop target covering the whole window. The overlay only appears while
// something is dragged over the page.
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { foldersFromDrop, type FolderInput } from './folder-input';

export function DropZone({ onFolders, onError }: { onFolders(inputs: FolderInput[]): void; onError(msg: string): void }) {
  const { t } = useI18n();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overH = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      foldersFromDrop(e.dataTransfer).then(
        (inputs) => (inputs.length ? onFolders(inputs) : onError(t('import.notFolder'))),
        (err) => onError(String(err?.message ?? err)),
      );
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overH);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overH);
      window.removeEventListener('drop', drop);
    };
  }, [onFolders, onError, t]);
  return over ? (
    <div className="drop-overlay" aria-hidden="true">
      <div>{t('import.dropHere')}</div>
    </div>
  ) : null;
}
