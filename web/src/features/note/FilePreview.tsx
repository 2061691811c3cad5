// A vault file opened by itself: pictures are shown (an SVG only as an
// <img>, so nothing in it runs), PDFs open in the browser's own viewer, and
// other files say that only their name is indexed.
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { extOf, FileUrls, FILE_TYPES, grantFolderAccess, isImage, loadVaultFile, type FileLoad } from './vault-files';

export function FilePreview({ vault, path, source }: { vault: string; path: string; source: string | null }) {
  const { t } = useI18n();
  const [load, setLoad] = useState<FileLoad | null>(null);
  const [access, setAccess] = useState(0);
  const shown = FILE_TYPES[extOf(path)] !== undefined;
  useEffect(() => {
    if (!shown) return;
    let live = true;
    const urls = new FileUrls();
    setLoad(null);
    void loadVaultFile(vault, source, path, urls).then((r) => live && setLoad(r));
    return () => {
      live = false;
      urls.revokeAll();
    };
  }, [vault, path, source, shown, access]);
  if (!shown) return <p className="muted">{t('note.fileOnly')}</p>;
  if (!load) return null;
  const name = path.split('/').pop() ?? path;
  if (!load.ok) {
    return (
      <p className="notice" data-testid="file-preview-missing">
        {t(`render.file.${load.reason}`, { name, folder: vault, error: load.detail ?? '' })}{' '}
        {load.reason === 'needs_permission' ? (
          <button type="button" className="secondary small" onClick={() => void grantFolderAccess(vault).then((ok) => ok && setAccess((n) => n + 1))}>
            {t('render.file.allow')}
          </button>
        ) : null}
      </p>
    );
  }
  return (
    <div className="file-preview" data-testid="file-preview">
      {isImage(path) ? <img src={load.url} alt={name} /> : null}
      <div className="actions">
        <a href={load.url} target="_blank" rel="noopener">
          {t(load.type === 'application/pdf' ? 'render.pdf.open' : 'render.file.view')}
        </a>
        <a href={load.url} download={name}>
          {t('render.file.download')}
        </a>
      </div>
    </div>
  );
}
