// Embedding progress, polled from the engine while embeddings are being
// computed, so the mode switch can say that semantic results are partial.
import { useEffect, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { callTool, isToolError } from '../../engine/client';

export interface EmbedStatus {
  done: number;
  total: number;
  complete: boolean;
  model: string | null;
  paused: boolean;
}

/** Reads the status tool's answer whatever the exact spelling of its members. */
export function readEmbedStatus(raw: unknown): EmbedStatus | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const num = (...keys: string[]) => {
    for (const k of keys) if (typeof o[k] === 'number') return o[k] as number;
    return undefined;
  };
  const done = num('chunks_done', 'done', 'embedded', 'embedded_chunks') ?? 0;
  const total = num('chunks_total', 'total', 'total_chunks', 'chunks') ?? 0;
  const complete = typeof o.complete === 'boolean' ? o.complete : total > 0 ? done >= total : false;
  const model = typeof o.model === 'string' ? o.model : typeof (o.model as { id?: unknown })?.id === 'string' ? ((o.model as { id: string }).id) : null;
  return { done, total, complete, model, paused: o.paused === true || o.state === 'paused' };
}

export function useEmbedStatus(refreshKey: number): EmbedStatus | null {
  const caps = useCapabilities();
  const [status, setStatus] = useState<EmbedStatus | null>(null);
  useEffect(() => {
    if (!caps.embedStatus) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const r = await callTool<unknown>(caps.embedStatus!, {});
      if (!live) return;
      const s = isToolError(r) ? null : readEmbedStatus(r);
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
