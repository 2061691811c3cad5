// The page tells the engine about key presses at most once per gap: the
// first key at once (the queue must hold before its next batch), then no
// more than one message per TYPING_SIGNAL_MS however fast the user types.
import { describe, expect, it } from 'vitest';
import { throttled } from './typing-hold';

describe('the typing signal', () => {
  it('passes the first key at once, then one per gap', () => {
    let now = 1000;
    const sent: number[] = [];
    const onKey = throttled(() => sent.push(now), 250, () => now);
    for (const t of [1000, 1080, 1160, 1240, 1250, 1330, 1600]) {
      now = t;
      onKey();
    }
    expect(sent).toEqual([1000, 1250, 1600]);
  });
});
