// The query box. Typing updates a local draft at once (never blocked by a
// search) and commits it after a short pause (at once for pasted text, never
// mid-composition: commit-timing.ts); `tag:` tokens get completion from the
// tags in use; arrow keys move through results and Enter opens one.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useCapabilities } from '../../engine/capabilities';
import { useI18n } from '../../i18n/i18n';
import { completeTag, tagTokenAt, type TagToken } from './query-tags';
import { commitDelay } from './commit-timing';

interface Props {
  value: string;
  vault: string | null;
  onCommit(q: string): void;
  onNavigate(delta: number): void;
  onEnter(): void;
}

export interface SearchBoxHandle {
  focus(): void;
}

export const SearchBox = forwardRef<SearchBoxHandle, Props>(function SearchBox({ value, vault, onCommit, onNavigate, onEnter }, ref) {
  const { t, formatNumber } = useI18n();
  const caps = useCapabilities();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [token, setToken] = useState<TagToken | null>(null);
  const [suggestions, setSuggestions] = useState<{ tag: string; count: number }[]>([]);
  const [active, setActive] = useState(0);
  const seq = useRef(0);

  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  // Back/Forward or a link changed the query: show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  const commit = useCallback(
    (q: string) => {
      clearTimeout(timer.current);
      committed.current = q;
      onCommit(q);
    },
    [onCommit],
  );

  const lookUp = useCallback(
    (text: string, caret: number) => {
      const tok = caps.tags ? tagTokenAt(text, caret) : null;
      setToken(tok);
      const mine = ++seq.current;
      if (!tok) {
        setSuggestions([]);
        return;
      }
      void call('tags', { prefix: tok.prefix, limit: 8, ...(vault ? { vault } : {}) }).then((r) => {
        if (mine !== seq.current || isToolError(r)) return;
        setSuggestions(r.tags.filter((x) => x.tag.toLowerCase() !== tok.prefix.toLowerCase() || tok.prefix === ''));
        setActive(0);
      });
    },
    [caps.tags, vault],
  );

  const onChange = (text: string, caret: number, composing: boolean) => {
    const delay = commitDelay(draft, text, composing);
    setDraft(text);
    lookUp(text, caret);
    clearTimeout(timer.current);
    if (delay === 0) commit(text);
    else if (delay !== null) timer.current = setTimeout(() => commit(text), delay);
  };

  const accept = (tag: string) => {
    if (!token) return;
    const next = completeTag(draft, token, tag);
    setDraft(next.text);
    setSuggestions([]);
    setToken(null);
    commit(next.text);
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };

  const open = suggestions.length > 0 && token !== null;
  const listId = 'tag-suggestions';

  return (
    <div className="search-box">
      <input
        ref={input}
        type="search"
        className="search-input"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-describedby="search-hint"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `tag-option-${active}` : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={draft}
        onChange={(e) => onChange(e.target.value, e.target.selectionStart ?? e.target.value.length, (e.nativeEvent as InputEvent).isComposing === true)}
        onCompositionEnd={(e) => {
          // The word is confirmed: search it now, unless a later input event already did.
          if (e.currentTarget.value !== committed.current) commit(e.currentTarget.value);
        }}
        onBlur={() => setTimeout(() => setSuggestions([]), 150)}
        onKeyDown={(e) => {
          if (e.nativeEvent.isComposing) return; // IME conversion in progress (Japanese input)
          if (open) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const d = e.key === 'ArrowDown' ? 1 : -1;
              setActive((a) => (a + d + suggestions.length) % suggestions.length);
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              accept(suggestions[active].tag);
              return;
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              setSuggestions([]);
              return;
            }
          }
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            onNavigate(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (draft !== committed.current) commit(draft);
            onEnter();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            setDraft('');
            setSuggestions([]);
            commit('');
          }
        }}
      />
      <span id="search-hint" className="visually-hidden">
        {t('search.hint')}
      </span>
      {open ? (
        <ul id={listId} role="listbox" className="suggestions" aria-label={t('search.tagSuggestions')}>
          {suggestions.map((s, i) => (
            <li
              key={s.tag}
              id={`tag-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                accept(s.tag);
              }}
            >
              <span>#{s.tag}</span>
              <span className="muted">{formatNumber(s.count)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
