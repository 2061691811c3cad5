#!/usr/bin/env node
// The `kioku` command runs the engine's TypeScript directly (no build step):
// tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
