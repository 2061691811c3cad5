// Opening the engine: one tab owns the database (see tab-lock), the worker
// opens it, and the UI learns which tools this engine offers. The opening
// itself starts before React does (engine/boot.ts); this hook follows it.
import { useEffect, useState } from 'react';
import { engineApi, startEmbedding } from '../engine/client';
import { bootEngine, openEngine, type Opened } from '../engine/boot';
import { waitForTabLock } from '../engine/tab-lock';
import { capabilitiesOf, type Capabilities } from '../engine/capabilities';
import { registerAgentTools } from '../engine/webmcp';

export type EngineStatus =
  | { phase: 'opening' }
  | { phase: 'locked' }
  | { phase: 'ready'; caps: Capabilities }
  | { phase: 'failed'; message: string }
  /** The engine worker did not start (detail: the browser's message, often empty). */
  | { phase: 'no_worker'; detail: string };

export function useEngine(): EngineStatus {
  const [status, setStatus] = useState<EngineStatus>({ phase: 'opening' });
  useEffect(() => {
    let live = true;
    const start = async () => {
      const boot = await bootEngine();
      let state: Opened;
      if (boot.owned) state = boot.state;
      else {
        if (!live) return;
        setStatus({ phase: 'locked' });
        await waitForTabLock();
        if (!live) return;
        setStatus({ phase: 'opening' });
        startEmbedding();
        state = await openEngine();
      }
      performance.mark('page: engine open');
      if (!live) return;
      if (state.ok) {
        const caps = capabilitiesOf(await (boot.owned ? boot.tools : engineApi().tools()));
        performance.mark('page: tool list');
        if (!live) return;
        setStatus({ phase: 'ready', caps });
        void registerAgentTools();
      } else if (state.reason === 'locked') setStatus({ phase: 'locked' });
      else if (state.reason === 'no_worker') setStatus({ phase: 'no_worker', detail: state.detail });
      else setStatus({ phase: 'failed', message: state.message });
    };
    void start();
    return () => {
      live = false;
    };
  }, []);
  return status;
}
