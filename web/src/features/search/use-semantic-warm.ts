// Search by meaning needs the model and the vector index in memory; loading
// them on the first query costs seconds. Once the app knows a vault may have
// vectors it asks the engine to load both in the background (embed_warm),
// and says whether a search by meaning would start at once, so the results
// pane can show text results first meanwhile.
import { useEffect, useRef, useState } from 'react';
import { useCapabilities } from '../../engine/capabilities';
import { call, isToolError, type EmbedStatus } from '../../engine/client';

export interface SemanticWarm {
  /** The model and the vector index are loaded: a search by meaning starts at once. */
  ready: boolean;
  /** They are being loaded: auto mode ranks by text meanwhile, and runs again once they are. */
  warming: boolean;
}

/** `status`: useEmbedStatus's, which takes the engine's pushed updates (the embed worker connects just after the page loads; polling alone would notice it late). */
export function useSemanticWarm(status: EmbedStatus | null, ranMode: string | null): SemanticWarm {
  const caps = useCapabilities();
  // For which model: switching models makes it load again.
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const [settledFor, setSettledFor] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  const model = status?.model.id ?? null;
  const canWarm = caps.tools.has('embed_warm');
  const ranByMeaning = ranMode === 'hybrid' || ranMode === 'vector';
  // While the vector index loads, the status cannot say yet how much is embedded.
  const mayHaveVectors = !!status && status.state !== 'unavailable' && (status.state === 'indexing' || status.chunks_done > 0);

  useEffect(() => {
    if (ranByMeaning && model) setReadyFor(model);
  }, [ranByMeaning, model]);

  useEffect(() => {
    if (!status || !model || status.ready || !mayHaveVectors || !canWarm || asked.current === model) return;
    asked.current = model;
    void call('embed_warm').then((r) => {
      if (!isToolError(r) && r.ready) setReadyFor(r.model.id);
      setSettledFor(model);
    });
  }, [status, model, mayHaveVectors, canWarm]);

  const ready = !!status && (status.ready || readyFor === model);
  const warming = canWarm && !ready && mayHaveVectors && settledFor !== model;
  return { ready, warming };
}
