// The frontmatter fields of the vault in scope, from the engine's fields tool.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import type { FieldInfo } from '../../engine/shapes';

export function useFields(vault: string | null, refreshKey: number): FieldInfo[] {
  const caps = useCapabilities();
  const [fields, setFields] = useState<FieldInfo[]>([]);
  useEffect(() => {
    if (!caps.fields) return;
    let live = true;
    void call('fields', vault ? { vault } : {}).then((r) => {
      if (live && !isToolError(r)) setFields(r.fields.sort((a, b) => b.notes - a.notes || a.key.localeCompare(b.key)));
    });
    return () => {
      live = false;
    };
  }, [caps.fields, vault, refreshKey]);
  return fields;
}
