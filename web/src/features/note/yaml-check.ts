// Frontmatter checks in the editor, by the engine worker with the same YAML
// parser the import uses, so an error is shown at its line before the user saves.
import { useEffect, useState } from 'react';
import type { YamlIssue } from '../../../../worker/contract';
import { engineApi } from '../../engine/client';

export type { YamlIssue };

/** The first error in the YAML being edited, or null; undefined while the engine has not checked this text yet. */
export function useFrontmatterIssue(yaml: string): YamlIssue | null | undefined {
  const [checked, setChecked] = useState<{ yaml: string; issue: YamlIssue | null } | null>(null);
  useEffect(() => {
    let live = true;
    void engineApi()
      .frontmatterIssue(yaml)
      .then((issue) => live && setChecked({ yaml, issue }));
    return () => {
      live = false;
    };
  }, [yaml]);
  return checked?.yaml === yaml ? checked.issue : undefined;
}

/** The YAML inside a frontmatter block ("---\n…\n---\n" → "…\n"). */
export function yamlOfHead(head: string): string {
  if (!head) return '';
  const lines = head.split(/(?<=\n)/);
  return lines.slice(1, -1).join('');
}
