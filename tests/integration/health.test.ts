import { expect, it } from "vitest";
import { createDatabase } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { loader } from "~/routes/api+/health";
import { call } from "../support/api";
import { describeEachDialect } from "../setup/database";

describeEachDialect("GET /api/health", () => {
  it("answers 200 with the database ok and the version", async () => {
    const response = await call(loader, { path: "/api/health" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "ok", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

it("answers 503 when the database does not answer", async () => {
  const broken = createDatabase({ url: "postgres://nobody@127.0.0.1:1/none" });
  setDb(broken);
  try {
    const response = await call(loader, { path: "/api/health" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "error", db: "error" });
  } finally {
    setDb(undefined);
    await broken.destroy();
  }
});
