// The engine's Web Worker: it owns the OPFS database and exposes the engine
// host's API (worker/platform/engine-host.ts) to the page through comlink.
import * as Comlink from 'comlink';
import { createEngineHost } from './platform/engine-host';

export type { EngineApi, OpenState } from './platform/engine-host';

Comlink.expose(createEngineHost().api);
