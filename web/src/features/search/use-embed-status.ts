// Embedding progress, polled from the engine while embeddings are being
// computed, so the mode switch can say that semantic results are partial.
// The engine's pushed updates are taken too, as the embedding panel takes
// them: polling alone left the mode switch saying "0 of 6" for up to a poll
// after the panel said every note was ready.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError, watchEmbedding, type EmbedStatus } from '../../engine/client';

export type { EmbedStatus };

export function useEmbedStatus(refreshKey: number): EmbedStatus | null {
  const caps = useCapabilities();
  const [status, setStatus] = useState<EmbedStatus | null>(null);
  useEffect(() => {
    if (!caps.embedStatus) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const r = await call('embed_status');
      if (!live) return;
      const s = isToolError(r) ? null : r;
      setStatus(s);
      // Fast while work is going on, slow once everything is embedded.
      timer = setTimeout(poll, s && !s.complete ? 1500 : 15000);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [caps.embedStatus, refreshKey]);
  // The last to arrive wins; a poll's answer overtaken by a push is put right by the next poll or push.
  useEffect(() => (caps.embedStatus ? watchEmbedding(setStatus) : undefined), [caps.embedStatus]);
  return status;
}
