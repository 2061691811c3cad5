// Entry of a Node embedder thread (node-embedder-pool.ts). Plain JavaScript:
// a worker thread does not inherit the tsx hooks its parent registered, so it
// registers them itself before loading the TypeScript thread.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
