// The page's first module: it starts the engine (engine/boot.ts) before the
// app's own code, React included, is fetched and run (app/mount.tsx), so the
// worker's start-up and the page's overlap, and draws the opening shell (the
// query box, app/opening-shell.ts) so the page shows at once.
import './app/app.css';
import { bootEngine } from './engine/boot';
import { paintOpeningShell } from './app/opening-shell';

performance.mark('page: script running');
void bootEngine();
paintOpeningShell();
performance.mark('page: opening shell drawn');
void import('./app/mount').then((m) => m.mount());
