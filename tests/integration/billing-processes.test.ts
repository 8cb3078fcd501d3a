import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createInvoiceFromOrder, issueInvoice } from "~/features/billing/invoices.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { createDatabase } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrate.server";
import { makeUser } from "../support/factories";

const run = promisify(execFile);

/**
 * Gap-free invoice numbers on SQLite with more than one connection: this process and two
 * others issue invoices of one database file at the same time (on PostgreSQL, billing.test.ts
 * issues from two connection pools).
 */
describe("billing: invoice numbers on one SQLite file from three processes", () => {
  it("are sequential without gaps or duplicates", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "billing-processes-"));
    const url = `file:${path.join(dir, "app.db")}`;
    const fileDb = createDatabase({ url });
    setDb(fileDb);
    try {
      await migrateToLatest(fileDb);
      await seedPublicContent(fileDb);
      const admin = await makeUser(fileDb, { role: "admin" });
      const client = await makeUser(fileDb, { role: "client" });
      const { id: orderId } = await createOrder(client, { service: "notary", details: "Two signatures." }, [], "en");
      const actor = { id: admin.id, role: "admin" };
      const ids: string[] = [];
      for (let index = 0; index < 18; index += 1) {
        ids.push(
          (await createInvoiceFromOrder(actor, orderId, { lines: [{ kind: "item", description: `Work ${index}`, quantity: 1, unitCents: 1_000 + index }] })).id,
        );
      }
      // Every process starts issuing at the same moment (after the children's start-up).
      const issueAt = Date.now() + 15_000;
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: "test", LOG_LEVEL: "silent", ISSUE_AT: String(issueAt) };
      const child = (part: string[]) => run("npx", ["tsx", "tests/support/issue-invoices.ts", admin.id, ...part], { env, cwd: process.cwd(), timeout: 60_000 });
      const [mine, first, second] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, issueAt - Date.now())).then(() =>
          Promise.all(ids.slice(0, 6).map((id) => issueInvoice(actor, id, { notify: false }).then((result) => result.number))),
        ),
        child(ids.slice(6, 12)),
        child(ids.slice(12)),
      ]);
      const others = [first, second].flatMap((output) => JSON.parse(output.stdout.trim().split("\n").at(-1)!) as string[]);
      expect(others.filter((value) => value.startsWith("error"))).toEqual([]);
      const numbers = [...mine, ...others];
      const rows = await fileDb.selectFrom("invoices").select(["number", "sequence"]).where("number", "is not", null).orderBy("sequence").execute();
      expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 18 }, (_, index) => index + 1));
      expect(new Set(numbers).size).toBe(18);
      expect(new Set(rows.map((row) => row.number))).toEqual(new Set(numbers));
    } finally {
      setDb(undefined);
      await fileDb.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
