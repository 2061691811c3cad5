// Where to search: one vault or all, and a folder subtree (path_prefix).
import { useEffect, useMemo, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import type { FolderInfo } from '../../../../worker/contract';
import { buildFolderTree, type FolderNode } from './folder-tree';
import { FolderIcon, VaultIcon } from '../../ui/icons';

interface Props {
  vault: string | null;
  prefix: string | null;
  refreshKey: number;
  onScope(vault: string | null, prefix: string | null): void;
}

function Node({ node, vault, depth, current, onPick }: { node: FolderNode; vault: string; depth: number; current: string | null; onPick(vault: string, prefix: string): void }) {
  const { formatNumber, t } = useI18n();
  const inside = current !== null && current.startsWith(node.prefix);
  const [open, setOpen] = useState(inside || depth === 0);
  useEffect(() => {
    if (inside) setOpen(true);
  }, [inside]);
  const selected = current === node.prefix;
  return (
    <li role="treeitem" aria-expanded={node.children.length ? open : undefined} aria-selected={selected}>
      <div className={`tree-row${selected ? ' selected' : ''}`} style={{ paddingInlineStart: `${depth * 0.9}rem` }}>
        {node.children.length ? (
          <button type="button" className="twisty" onClick={() => setOpen(!open)} aria-label={open ? t('scope.collapse', { folder: node.name }) : t('scope.expand', { folder: node.name })}>
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="twisty" aria-hidden="true" />
        )}
        <button type="button" className="tree-label" onClick={() => onPick(vault, node.prefix)} aria-current={selected ? 'true' : undefined} title={node.prefix}>
          <FolderIcon /> {node.name}
        </button>
        <span className="muted count">{formatNumber(node.notes)}</span>
      </div>
      {open && node.children.length ? (
        <ul role="group">
          {node.children.map((c) => (
            <Node key={c.prefix} node={c} vault={vault} depth={depth + 1} current={current} onPick={onPick} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ScopePanel({ vault, prefix, refreshKey, onScope }: Props) {
  const { t } = useI18n();
  const caps = useCapabilities();
  const { vaults } = useApp();
  const [folders, setFolders] = useState<FolderInfo[]>([]);
  useEffect(() => {
    if (!caps.folders) return;
    let live = true;
    void call('folders', vault ? { vault } : {}).then((r) => {
      if (live && !isToolError(r)) setFolders(r.folders);
    });
    return () => {
      live = false;
    };
  }, [caps.folders, vault, refreshKey]);

  const trees = useMemo(() => {
    const byVault = new Map<string, FolderInfo[]>();
    for (const f of folders) byVault.set(f.vault, [...(byVault.get(f.vault) ?? []), f]);
    return [...byVault.entries()].map(([v, list]) => ({ vault: v, tree: buildFolderTree(list) }));
  }, [folders]);

  return (
    <section className="scope" aria-labelledby="scope-title">
      <h2 id="scope-title">{t('scope.title')}</h2>
      <label className="stack">
        <span>{t('scope.vault')}</span>
        <select value={vault ?? ''} onChange={(e) => onScope(e.target.value || null, null)} data-testid="vault-picker">
          <option value="">{t('scope.allVaults')}</option>
          {vaults.map((v) => (
            <option key={v.name} value={v.name}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      {!caps.pathPrefix ? <p className="hint">{t('scope.prefixUnavailable')}</p> : null}
      {caps.pathPrefix && trees.some((x) => x.tree.children.length) ? (
        <ul role="tree" aria-label={t('scope.folders')} className="folder-tree">
          {trees.map(({ vault: v, tree }) => (
            <li key={v} role="treeitem" aria-expanded="true" aria-selected={vault === v && !prefix}>
              <div className={`tree-row vault-row${vault === v && !prefix ? ' selected' : ''}`}>
                <button type="button" className="tree-label" onClick={() => onScope(v, null)}>
                  <VaultIcon /> {v}
                </button>
              </div>
              <ul role="group">
                {tree.children.map((c) => (
                  <Node key={c.prefix} node={c} vault={v} depth={1} current={vault === v ? prefix : null} onPick={(vv, p) => onScope(vv, p)} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
