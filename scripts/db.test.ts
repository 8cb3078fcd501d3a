import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/**
 * `npm run db:migrate` and `npm run seed` as a person runs them: scripts/db.ts in a process of
 * its own, on a fresh SQLite DATA_DIR, with the demo. Each must finish with exit code 0 (a
 * module read before it is initialised, for one, kills the script at start).
 */
describe("scripts/db.ts", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-db-script-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const db = (command: string) =>
    run(process.execPath, ["--import", "tsx", "scripts/db.ts", command], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        SEED_DEMO: "true",
        SESSION_SECRET: "test-secret-0123456789abcdef",
        LOG_LEVEL: "silent",
      },
    });

  it("migrates, then seeds the public content and the demo, and exits with 0", async () => {
    const migrated = await db("migrate");
    expect(migrated.stdout).toContain("database is up to date (sqlite)");
    const seeded = await db("seed");
    expect(seeded.stdout).toContain("public content seeded");
    expect(seeded.stdout).toContain("demo accounts ready");
    expect(fs.readdirSync(dataDir)).toContain("app.db");
  }, 120_000);
});
