// The page's first module: it starts the engine (engine/boot.ts) before the
// app's own code, React included, is fetched and run (app/mount.tsx), so the
// worker's start-up and the page's overlap.
import './app/app.css';
import { bootEngine } from './engine/boot';

performance.mark('page: script running');
void bootEngine();
void import('./app/mount').then((m) => m.mount());
