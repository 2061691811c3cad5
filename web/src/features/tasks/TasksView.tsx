// The task lines of the notes in scope (the tasks tool), as the Tasks plugin
// and Dataview's TASK queries list them: those not done by default, grouped
// by due date (overdue, today, upcoming, none), priority or note. A task's box
// ticks it in the note (set_task); its note's name opens the note at its
// line. The search box's words narrow the tasks.
import { useState, type ReactNode } from 'react';
import './tasks.css';
import { call, isToolError, type ToolErrorResult } from '../../engine/client';
import { useApp } from '../../app/app-context';
import type { TaskRow, TasksResult } from '../../../../worker/contract';
import { useI18n, type UiKey } from '../../i18n/i18n';
import type { UpdateState } from '../../state/use-search-state';
import type { SearchState } from '../../state/url-state';
import { today } from '../../ui/download';
import { EngineMessage } from '../../ui/EngineMessage';
import { Pager } from '../search/Pager';
import { useLatest } from '../search/use-latest';
import { dueGroup, taskDisplay } from './task-text';
import { saveTask } from './save-task';

const TASKS_PAGE = 50;
// Every task is under one of not_done, done and cancelled (a user trial found [-] under none of the first two).
type Status = 'not_done' | 'open' | 'done' | 'cancelled' | 'any';
type Sort = 'due' | 'priority' | 'path';
/** The Tasks plugin's "is blocked" / "is not blocked" (dependencies: 🆔 and ⛔). */
type Blocked = 'all' | 'actionable' | 'only';
type Outcome = { ok: true; r: TasksResult } | { ok: false; e: ToolErrorResult['error'] };

/** The heading a task is listed under: its due group, its priority or its note. */
function groupOf(task: TaskRow, sort: Sort, day: string): { key: string; label: { k: UiKey } | { text: string } } {
  if (sort === 'priority') return { key: task.priority ?? 'normal', label: { k: `tasks.priority.${task.priority ?? 'normal'}` as UiKey } };
  if (sort === 'path') return { key: `${task.vault}:${task.path}`, label: { text: task.title } };
  const due = dueGroup(task.due, day);
  // A task done or cancelled is not overdue: its date has passed, that is all.
  const g = due === 'overdue' && (task.done || task.status === '-') ? 'past' : due;
  return { key: g, label: { k: `tasks.group.${g}` as UiKey } };
}

/** The task's box: a click ticks or unticks it in the note (set_task), as in Obsidian; other states show their character. */
function StatusMark({ task, busy, onToggle }: { task: TaskRow; busy: boolean; onToggle(): void }) {
  const { t } = useI18n();
  const status = task.status;
  const label = status === ' ' ? t('tasks.mark.open') : task.done ? t('tasks.mark.done') : t('tasks.mark.other', { status });
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={task.done}
      aria-label={`${label}: ${taskDisplay(task.text)}`}
      title={task.done ? t('tasks.untick') : t('tasks.tick')}
      className="task-mark"
      data-task={status}
      disabled={busy}
      onClick={onToggle}
    >
      {status === ' ' ? '' : task.done ? '✓' : status}
    </button>
  );
}

function Badges({ task }: { task: TaskRow }) {
  const { t } = useI18n();
  const items: { cls: string; text: string }[] = [];
  if (task.priority) items.push({ cls: `priority-${task.priority}`, text: t(`tasks.priority.${task.priority}` as UiKey) });
  for (const k of ['due', 'scheduled', 'start', 'completion', 'cancelled', 'created'] as const) {
    const date = task[k];
    if (date) items.push({ cls: k, text: t(`tasks.${k}`, { date }) });
  }
  if (task.recurrence) items.push({ cls: 'repeat', text: t('tasks.repeat', { rule: task.recurrence }) });
  if (task.blocked) items.push({ cls: 'blocked', text: t('tasks.blockedBadge', { ids: task.depends_on.join(', ') }) });
  if (task.blocking) items.push({ cls: 'blocking', text: t('tasks.blockingBadge') });
  if (!items.length) return null;
  return (
    <span className="task-badges">
      {items.map((b) => (
        <span key={b.cls} className={`badge task-${b.cls}`}>
          {b.text}
        </span>
      ))}
    </span>
  );
}

export function TasksView({ state, update, refreshKey }: { state: SearchState; update: UpdateState; refreshKey: number }) {
  const { t } = useI18n();
  const { vaults, refresh, notify } = useApp();
  const [status, setStatus] = useState<Status>('not_done');
  const [busy, setBusy] = useState<string | null>(null);
  const [writeError, setWriteError] = useState<ToolErrorResult['error'] | null>(null);
  const [sort, setSort] = useState<Sort>('due');
  const [blocked, setBlocked] = useState<Blocked>('all');
  const args: Record<string, unknown> = { status, sort, page: state.page, page_size: TASKS_PAGE };
  if (blocked !== 'all') args.blocked = blocked === 'only';
  if (state.q.trim()) args.query = state.q;
  if (state.filter) args.filters = state.filter;
  if (state.vault) args.vault = state.vault;
  if (state.prefix) args.path_prefix = state.prefix;
  if (state.links) args.links_to = state.links;
  const res = useLatest<Outcome>(`${JSON.stringify(args)}#${refreshKey}`, async () => {
    const r = await call('tasks', args);
    return isToolError(r) ? { ok: false, e: r.error } : { ok: true, r };
  });
  const out = res.data;
  const day = today();
  // A change of what is listed starts again from page 1.
  const choose = (f: () => void) => {
    f();
    if (state.page !== 1) update({ page: 1 });
  };

  // Ticked or unticked in the note itself, saved as an edit is (to the folder when it is open for writing).
  const toggle = async (task: TaskRow) => {
    const key = `${task.vault}:${task.path}:${task.line}`;
    setBusy(key);
    const r = await saveTask({ vault: task.vault, path: task.path, line: task.line, status: task.done ? 'open' : 'done', text: task.text }, vaults, notify, t);
    setBusy(null);
    if (isToolError(r)) {
      setWriteError(r.error);
      return;
    }
    setWriteError(null);
    await refresh();
  };

  // Consecutive tasks of one group under one heading (the order is the tool's).
  const groups: { key: string; label: ReactNode; tasks: TaskRow[] }[] = [];
  for (const task of out?.ok ? out.r.tasks : []) {
    const g = groupOf(task, sort, day);
    const last = groups[groups.length - 1];
    if (last && last.key === g.key) last.tasks.push(task);
    else groups.push({ key: g.key, label: 'k' in g.label ? t(g.label.k) : g.label.text, tasks: [task] });
  }
  const row = (task: TaskRow) => {
    const key = `${task.vault}:${task.path}:${task.line}`;
    const closed = task.done || task.status === '-';
    return (
      <li key={key} className={`task${closed ? ' task-closed' : ''}`} data-testid="task">
        <StatusMark task={task} busy={busy === key} onToggle={() => void toggle(task)} />
        <div className="task-body">
          <span className="task-text">{taskDisplay(task.text)}</span> <Badges task={task} />
          <div className="hit-path">
            <a
              href="#"
              aria-label={t('tasks.open', { title: task.title, line: task.line })}
              onClick={(e) => {
                e.preventDefault();
                update({ note: { vault: task.vault, path: task.path, fromSearch: true, line: task.line } });
              }}
            >
              {task.title}
            </a>{' '}
            · {task.path}:{task.line}
          </div>
        </div>
      </li>
    );
  };

  return (
    <div className="tasks-view" aria-busy={res.loading || undefined}>
      <div className="table-tools">
        <label>
          {t('tasks.status.label')}{' '}
          <select value={status} onChange={(e) => choose(() => setStatus(e.target.value as Status))} data-testid="tasks-status">
            <option value="not_done">{t('tasks.status.notDone')}</option>
            <option value="open">{t('tasks.status.open')}</option>
            <option value="done">{t('tasks.status.done')}</option>
            <option value="cancelled">{t('tasks.status.cancelled')}</option>
            <option value="any">{t('tasks.status.any')}</option>
          </select>
        </label>
        <label>
          {t('tasks.blocked.label')}{' '}
          <select value={blocked} onChange={(e) => choose(() => setBlocked(e.target.value as Blocked))} data-testid="tasks-blocked">
            <option value="all">{t('tasks.blocked.all')}</option>
            <option value="actionable">{t('tasks.blocked.actionable')}</option>
            <option value="only">{t('tasks.blocked.only')}</option>
          </select>
        </label>
        <label>
          {t('tasks.sort.label')}{' '}
          <select value={sort} onChange={(e) => choose(() => setSort(e.target.value as Sort))} data-testid="tasks-sort">
            <option value="due">{t('tasks.sort.due')}</option>
            <option value="priority">{t('tasks.sort.priority')}</option>
            <option value="path">{t('tasks.sort.path')}</option>
          </select>
        </label>
        {out?.ok ? (
          <span className="result-count muted" role="status" data-testid="tasks-count">
            {t('tasks.count', { total: out.r.total })}
          </span>
        ) : null}
      </div>
      {writeError ? (
        <div className="error-box" role="alert" data-testid="task-write-error">
          <p>
            <EngineMessage kind="engineError" code={writeError.code} message={writeError.message} />
          </p>
        </div>
      ) : null}
      {out && !out.ok ? (
        <div className="error-box" role="alert">
          <p>
            <EngineMessage kind="engineError" code={out.e.code} message={out.e.message} />
          </p>
        </div>
      ) : out?.ok ? (
        out.r.tasks.length === 0 ? (
          <div className="empty-state">
            <p>{t('tasks.empty')}</p>
            <p className="muted">{t('tasks.emptyHint')}</p>
          </div>
        ) : (
          <>
            <div className="task-list" data-testid="task-list">
              {groups.map((g, i) => (
                <section key={`${g.key}:${i}`} className={`task-group task-group-${sort === 'due' ? g.key : 'other'}`} aria-label={typeof g.label === 'string' ? g.label : undefined}>
                  <h3>{g.label}</h3>
                  <ul>{g.tasks.map(row)}</ul>
                </section>
              ))}
            </div>
            <p className="muted small">{t('tasks.searchHint')}</p>
            <Pager page={state.page} pageSize={TASKS_PAGE} total={out.r.total} hasMore={out.r.has_more} exact onPage={(p) => update({ page: p })} />
          </>
        )
      ) : (
        <p className="muted" aria-busy="true">
          {t('tasks.loading')}
        </p>
      )}
    </div>
  );
}
