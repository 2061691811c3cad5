import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['worker/**/*.test.ts', 'cli/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
