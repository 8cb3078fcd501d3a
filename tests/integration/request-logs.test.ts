import express from "express";
import type { AddressInfo } from "node:net";
import { pinoHttp } from "pino-http";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { db } from "~/lib/db/db.server";
import { defineJob, resetJobsForTests, runDueJobs } from "~/lib/jobs.server";
import { instanceId, logger, logToForTests } from "~/lib/logger.server";
import { requestId, requestLogContext } from "../../server/request-context";
import { describeEachDialect } from "../setup/database";

/**
 * The log lines of one request and of the job it enqueued, as the host writes them: pino-http gives the request
 * its id, the request's context carries it to a `logger.warn` deep in the app and into the job's row, and the
 * job's lines (run later, outside the request, by any instance) carry it again with the job's own id.
 */
describeEachDialect("log lines of a request and of its job", () => {
  const lines: Record<string, unknown>[] = [];
  let server: ReturnType<express.Express["listen"]>;
  let origin = "";
  const level = logger.level;

  beforeAll(async () => {
    logToForTests({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    logger.level = "info";
    const app = express();
    app.use(pinoHttp({ logger, genReqId: requestId }));
    app.use(requestLogContext());
    const job = defineJob<{ n: number }>("test.logged", async (payload) => {
      logger.warn({ n: payload.n }, "inside the job");
    });
    app.post("/work", async (_req, res) => {
      // Deep in an area: the module's logger, no request object at hand.
      logger.warn("inside the request");
      await job.enqueue({ n: 1 });
      res.json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await db().deleteFrom("jobs").execute();
  });
  afterAll(async () => {
    resetJobsForTests();
    logToForTests(null);
    logger.level = level;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const find = (message: string) => lines.filter((line) => line.msg === message);

  it("carries the request id from the request's lines to its job's, with the instance on every line", async () => {
    const response = await fetch(`${origin}/work`, { method: "POST" });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    expect(find("inside the request")).toEqual([expect.objectContaining({ reqId: id, instance: instanceId, level: 40 })]);
    const stored = await db().selectFrom("jobs").select(["id", "requestId"]).executeTakeFirstOrThrow();
    expect(stored.requestId).toBe(id);

    // Run later, outside any request (the worker's poll).
    expect(await runDueJobs("worker")).toBe(1);
    expect(find("inside the job")).toEqual([expect.objectContaining({ reqId: id, jobId: stored.id, job: "test.logged", instance: instanceId, n: 1 })]);
    expect(find("request completed").at(-1)).toMatchObject({ req: { id }, instance: instanceId });
  });

  it("keeps each request's id apart, and takes the proxy's X-Request-Id", async () => {
    await Promise.all(["proxy-id-1", "proxy-id-2"].map((id) => fetch(`${origin}/work`, { method: "POST", headers: { "X-Request-Id": id } })));
    expect(
      find("inside the request")
        .map((line) => line.reqId)
        .slice(-2)
        .sort(),
    ).toEqual(["proxy-id-1", "proxy-id-2"]);
    const before = find("inside the job").length;
    expect(await runDueJobs("worker")).toBe(2);
    expect(
      find("inside the job")
        .slice(before)
        .map((line) => line.reqId)
        .sort(),
    ).toEqual(["proxy-id-1", "proxy-id-2"]);
    // A line outside any request or job has no request id.
    logger.warn("between requests");
    expect(find("between requests")[0]).not.toHaveProperty("reqId");
  });
});
