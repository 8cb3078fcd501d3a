import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform } from "~/platform.server";
import { createDatabase } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { setStartupPhase } from "~/lib/health.server";
import { loader as health } from "~/routes/api+/health";
import { loader as ready } from "~/routes/api+/ready";
import { call } from "../support/api";
import { createTestDatabase, describeEachDialect, dialects, whileSchemasStay } from "../setup/database";
import { startS3Fake, useStore, type S3Fake } from "../support/s3-server";

const probe = async (loader: typeof health) => {
  const response = await call(loader, { path: "/api/probe" });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe.each(dialects)("start-up as the balancer sees it [%s]", (dialect) => {
  it("answers 503 on both probes while the migrations run, then 200", async () => {
    const empty = await createTestDatabase(dialect, { migrate: false });
    setDb(empty.db);
    try {
      await whileSchemasStay(dialect, async () => {
        setStartupPhase("starting");
        const preparing = platform.prepare();
        // The host listens from the start; these are the answers a balancer gets meanwhile.
        const during = await probe(ready);
        expect(during).toEqual({ status: 503, body: expect.objectContaining({ status: "not_ready", phase: "migrating", db: "unchecked" }) });
        expect(await probe(health)).toMatchObject({ status: 503, body: { status: "starting", db: "unchecked" } });
        await preparing;
      });
      expect(await probe(ready)).toMatchObject({ status: 503, body: { phase: "migrating" } });
      platform.markReady();
      expect(platform.isReady()).toBe(true);
      expect(await probe(ready)).toEqual({ status: 200, body: { status: "ready", phase: "ready", db: "ok", storage: "ok", version: expect.any(String) } });
      expect(await probe(health)).toMatchObject({ status: 200, body: { status: "ok", db: "ok" } });
    } finally {
      // Stops the job worker the start-up began, and closes the database.
      await platform.shutdown();
      setDb(undefined);
      await empty.close();
    }
  });
});

describeEachDialect("GET /api/health and GET /api/ready", () => {
  let s3: S3Fake | undefined;
  beforeAll(() => setStartupPhase("ready"));
  afterAll(async () => {
    useStore(null);
    await s3?.close();
  });

  it("health: 200 with the database ok and the version", async () => {
    const response = await call(health, { path: "/api/health" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", db: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("ready: 200 with the database and the disk store answering", async () => {
    expect(await probe(ready)).toEqual({ status: 200, body: { status: "ready", phase: "ready", db: "ok", storage: "ok", version: expect.any(String) } });
  });

  it("ready: 503 once the S3 store stops answering, 200 while it answers", async () => {
    s3 = await startS3Fake();
    useStore(s3.settings);
    expect(await probe(ready)).toMatchObject({ status: 200, body: { storage: "ok" } });
    await s3.close();
    s3 = undefined;
    const response = await call(ready, { path: "/api/ready" });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toMatchObject({ status: "not_ready", db: "ok", storage: "error" });
    // Liveness does not depend on the store.
    expect(await probe(health)).toMatchObject({ status: 200, body: { status: "ok" } });
    useStore(null);
    expect(await probe(ready)).toMatchObject({ status: 200 });
  });
});

describe("when the database does not answer", () => {
  beforeAll(() => setStartupPhase("ready"));

  it("health still answers 200 (the instance lives) and reports it; ready answers 503", async () => {
    const broken = createDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
    setDb(broken);
    try {
      expect(await probe(health)).toMatchObject({ status: 200, body: { status: "ok", db: "error" } });
      expect(await probe(ready)).toMatchObject({ status: 503, body: { status: "not_ready", db: "error", storage: "ok" } });
    } finally {
      setDb(undefined);
      await broken.destroy();
    }
  });
});
