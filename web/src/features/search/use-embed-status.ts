// Embedding progress, polled from the engine while embeddings are being
// computed, so the mode switch can say that semantic results are partial.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError, type EmbedStatus } from '../../engine/client';

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
  return status;
}
