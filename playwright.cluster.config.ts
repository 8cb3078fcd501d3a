import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, freePortSync } from "./tests/support/playwright-shared";

/**
 * The cluster test (npm run test:cluster, README "Tests"): tests/cluster/global-setup.ts starts
 * PostgreSQL's and Redis's share of the run, s3rver, three instances of the production build and a
 * round-robin proxy; the browser talks to the proxy only. The proxy's port (CLUSTER_PORT) is put in the
 * environment, so that the workers, which load this file again, reuse it, and is given to the e2e fixtures
 * (cookies, error watching) as E2E_PORT, so they address the proxy as they address the e2e server.
 */
process.env.CLUSTER_PORT ??= freePortSync();
process.env.E2E_PORT = process.env.CLUSTER_PORT;
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/cluster",
  // One journey on one cluster, in order (the extractor's test after it).
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  globalSetup: "./tests/cluster/global-setup.ts",
  timeout: 150_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/cluster",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
});
