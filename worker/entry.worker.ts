// The engine's Web Worker: it owns the OPFS database and exposes the engine
// host's API (worker/platform/engine-host.ts) to the page through comlink,
// plus the embedding host's (worker/embed/embed-host.ts).
import * as Comlink from 'comlink';
import { createEngineHost, type EngineApi as HostApi } from './platform/engine-host';
import { createEmbedHost, type EmbedHostApi } from './embed/embed-host';

export type { OpenState } from './platform/engine-host';
export type EngineApi = HostApi & EmbedHostApi;

const embedHost = createEmbedHost();
const host = createEngineHost({ servicesFor: embedHost.servicesFor });
const api: EngineApi = { ...host.api, ...embedHost.api };

Comlink.expose(api);
