// Typing holds background embedding. On a machine with few cores the model's
// thread takes a core the page's main thread needs: key presses then waited
// hundreds of milliseconds for a core (docs/benchmarks.md, section
// "typing17"). The search box searches only once typing pauses, so the engine
// cannot see typing from its searches: every key press anywhere in the page
// tells it, at most once per TYPING_SIGNAL_MS, and the queue waits until the
// user has been quiet for a moment (QUIET_MS in worker/embed/queue.ts).
import { useEffect } from 'react';
import { userTyping } from '../../engine/client';

/** Well under the queue's quiet time, so the hold never lapses while keys keep coming. */
export const TYPING_SIGNAL_MS = 250;

/** A sender that passes at most one call per `gapMs` (by the clock `now`); calls in between are dropped. */
export function throttled(send: () => void, gapMs: number, now: () => number = () => performance.now()): () => void {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < gapMs) return;
    last = t;
    send();
  };
}

/** While mounted (and the engine embeds), key presses hold background embedding. */
export function useTypingHoldsEmbedding(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = throttled(userTyping, TYPING_SIGNAL_MS);
    // Capture: a handler that stops the event (the tag completion's arrow keys) must not hide a key press.
    window.addEventListener('keydown', onKey, { capture: true, passive: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [enabled]);
}
