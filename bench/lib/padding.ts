// Tokens an ONNX run is fed for a list of passages cut into batches: every
// passage of a batch is padded to the batch's longest. `window` batches at a
// time are sorted by length first, as the embed queue does (0: no sorting,
// batches in the order given). Pure; shared by bench:embed-padding (Node) and
// the first-passage rows of bench:embed-chromium.
import { byLength } from '../../worker/embed/batching';

export function paddedTokens(lengths: readonly number[], batch: number, window: number): number {
  let padded = 0;
  const step = window > 0 ? batch * window : batch;
  for (let i = 0; i < lengths.length; i += step) {
    const part = lengths.slice(i, i + step);
    const batches = window > 0 ? byLength(part, part, batch) : [part];
    for (const b of batches) padded += b.length * Math.max(...b);
  }
  return padded;
}
