// A <details> used as a pop-up closes as the app's other pop-ups do: on Esc
// (focus back on its summary) and on a click anywhere outside it, so it never
// stays open over what the reader went on to look at.
import { useEffect, useRef } from 'react';

export function useDetailsDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open || e.isComposing) return;
      e.preventDefault();
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return ref;
}
