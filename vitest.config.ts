import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Vitest ignores tsconfig paths, so the `~` alias is repeated here.
    alias: { "~": path.resolve(__dirname, "app") },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "eslint/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/vitest.setup.ts"],
    pool: "forks",
    // Vitest keeps a core for itself (cores − 1 workers): one worker on the 2-core CI machine. The suites
    // spend much of their time waiting on PostgreSQL, Redis and the servers they start, so two share two cores well.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
