import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./connection.server";

describe("the SQLite file", () => {
  it("is the owner's alone, with its WAL: folder 0700, files 0600, whatever the umask", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-db-")), "data");
    const file = path.join(dir, "app.db");
    const previous = process.umask(0o022);
    const db = createDatabase({ url: `file:${file}` });
    try {
      await sql`create table t (x integer)`.execute(db);
      await sql`insert into t values (1)`.execute(db);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      for (const name of ["app.db", "app.db-wal", "app.db-shm"]) {
        expect(fs.statSync(path.join(dir, name)).mode & 0o777, name).toBe(0o600);
      }
    } finally {
      process.umask(previous);
      await db.destroy();
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
