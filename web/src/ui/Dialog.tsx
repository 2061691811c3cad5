// A modal dialog on the native <dialog> element: focus is trapped and Esc
// closes it, with the browser's own accessibility semantics.
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
  closeLabel: string;
}

export function Dialog({ open, title, onClose, children, className, closeLabel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={`dialog ${className ?? ''}`} aria-label={title} onClose={onClose} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      {open ? (
        <>
          <header className="dialog-head">
            <h2>{title}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel} title={closeLabel}>
              ✕
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
