// What many parts of the app need: the vaults, a way to refresh after changes,
// and notices for the status line.
import { createContext, useContext } from 'react';
import type { VaultInfo } from '../../../worker/contract';

export interface AppCtx {
  vaults: VaultInfo[];
  refresh(): Promise<void>;
  notify(message: string): void;
}

export const AppContext = createContext<AppCtx>({ vaults: [], refresh: async () => {}, notify: () => {} });
export const useApp = () => useContext(AppContext);
