// The frontmatter fields of the vault in scope, from the engine's fields tool.
// Asked for by what shows them (the filter builder, the table's column
// picker) when it opens, not at start-up: on a large vault the first answer
// takes a second or more of the engine worker, and a query typed just after
// the app opens would wait behind it.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError } from '../../engine/client';
import type { FieldInfo } from '../../engine/shapes';

/** The fields, or null until the engine has answered. */
export function useFields(vault: string | null, refreshKey: number): FieldInfo[] | null {
  const caps = useCapabilities();
  const [fields, setFields] = useState<FieldInfo[] | null>(caps.fields ? null : []);
  useEffect(() => {
    if (!caps.fields) return;
    let live = true;
    void call('fields', vault ? { vault } : {}).then((r) => {
      // An error leaves nothing to suggest (the builder still takes a typed key), never "loading" for ever.
      if (live) setFields(isToolError(r) ? [] : r.fields.sort((a, b) => b.notes - a.notes || a.key.localeCompare(b.key)));
    });
    return () => {
      live = false;
    };
  }, [caps.fields, vault, refreshKey]);
  return fields;
}
