import { defineConfig, devices } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "./scripts/server-node-options.js";
import { chromiumLaunchOptions, freePortSync } from "./tests/support/playwright-shared";

/**
 * Browser tests run against the production build (npm run test:e2e builds it),
 * started once on a free port with a temporary DATA_DIR and the demo accounts.
 * The values are put in the environment so that the workers, which load this
 * file again, reuse them.
 */
process.env.E2E_PORT ??= freePortSync();
// The fake Stripe (tests/support/stripe-server.ts) the app's real SDK talks to: a second free port.
process.env.E2E_STRIPE_PORT ??= freePortSync();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));

const port = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${port}`;
const stripePort = Number(process.env.E2E_STRIPE_PORT);
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_0123456789abcdef";

const chromium = chromiumLaunchOptions;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three workers on the 2-core CI machine: a test spends part of its time waiting on the server and the
  // network, which a third worker fills (measured on shell, public and orders: 2.4–2.7 min against 3.4 with
  // two). Four made sign-in journeys time out when every test still signed in through the forms.
  workers: process.env.CI ? 3 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, grepInvert: /@mobile-only/ },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions: chromium },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      command: ["node", ...SERVER_NODE_OPTIONS, "dist/server.js"].join(" "),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        APP_URL: baseURL,
        SEED_DEMO: "true",
        SESSION_SECRET: "e2e-secret-0123456789abcdef",
        // Tests that exercise per-IP limits say which client they are through X-Forwarded-For.
        TRUST_PROXY: "loopback",
        LOG_LEVEL: "warn",
        // Online payment on, against the fake Stripe below (nothing reaches the internet).
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        // The translation tests' LibreTranslate listens on 127.0.0.1.
        MT_ALLOW_PRIVATE_HOSTS: "true",
      },
    },
    {
      command: `node_modules/.bin/tsx tests/support/stripe-server.ts --port ${stripePort} --webhook http://127.0.0.1:${port}/api/payments/stripe/webhook --secret ${STRIPE_WEBHOOK_SECRET}`,
      port: stripePort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
