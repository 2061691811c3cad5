// Opening the engine: one tab owns the database (see tab-lock), the worker
// opens it, and the UI learns which tools this engine offers.
import { useEffect, useState } from 'react';
import { engineApi, type OpenState } from '../engine/client';
import { acquireTabLock, waitForTabLock } from '../engine/tab-lock';
import { capabilitiesOf, type Capabilities } from '../engine/capabilities';
import { registerAgentTools } from '../engine/webmcp';

export type EngineStatus = { phase: 'opening' } | { phase: 'locked' } | { phase: 'ready'; caps: Capabilities } | { phase: 'failed'; message: string };

export function useEngine(): EngineStatus {
  const [status, setStatus] = useState<EngineStatus>({ phase: 'opening' });
  useEffect(() => {
    let live = true;
    const start = async () => {
      performance.mark('page: opening');
      const owned = await acquireTabLock();
      performance.mark('page: tab lock held');
      if (!owned) {
        setStatus({ phase: 'locked' });
        await waitForTabLock();
        if (!live) return;
        setStatus({ phase: 'opening' });
      }
      const state: OpenState = await engineApi().open();
      performance.mark('page: engine open');
      if (!live) return;
      if (state.ok) {
        const caps = capabilitiesOf(await engineApi().tools());
        performance.mark('page: tool list');
        setStatus({ phase: 'ready', caps });
        void registerAgentTools();
      }
      else if (state.reason === 'locked') setStatus({ phase: 'locked' });
      else setStatus({ phase: 'failed', message: state.message });
    };
    void start();
    return () => {
      live = false;
    };
  }, []);
  return status;
}
