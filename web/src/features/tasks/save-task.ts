// One task's box saved from the UI (the Tasks view and the note view): the
// vault's folder opened for writing first, then set_task; on success the
// notices a save can need (no next occurrence, only in Kioku, changed on disk).
import { call, isToolError, type ToolErrorResult } from '../../engine/client';
import { openForWriting } from '../../engine/write-access';
import type { SetTaskResult, ToolArgs, VaultInfo } from '../../../../worker/contract';
import type { Translate } from '../../i18n/i18n';

/**
 * Saved only in Kioku: a folder picked with "Choose folder…" can take the change later (Write back); a copy
 * (an uploaded or dropped folder) cannot, and the message says what can be done instead.
 */
export function savedAppKey(source: string | null | undefined): 'editor.savedApp' | 'editor.savedAppCopy' {
  return source === 'handle' ? 'editor.savedApp' : 'editor.savedAppCopy';
}

export async function saveTask(args: ToolArgs<'set_task'> & { vault: string }, vaults: readonly VaultInfo[], notify: (m: string) => void, t: Translate): Promise<SetTaskResult | ToolErrorResult> {
  const v = vaults.find((x) => x.name === args.vault);
  await openForWriting(args.vault, v?.source ?? null).catch(() => 'denied');
  const r = await call('set_task', args);
  if (isToolError(r)) return r;
  if (r.notice_code) notify(t(`tasks.${r.notice_code}`, { rule: r.recurrence ?? '' }));
  if (r.disk.status === 'changed_on_disk') notify(t('editor.savedConflict'));
  else if (r.unsaved_to_disk) notify(t(savedAppKey(v?.source)));
  return r;
}
