import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DB } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrate.server";
import { env, resetEnvForTests } from "~/lib/env.server";
import { sealFile } from "~/lib/secrets.server";
import { DiskBackend } from "~/lib/storage/disk.server";
import { migrateStorage } from "~/lib/storage/migrate.server";
import { S3Backend } from "~/lib/storage/s3.server";
import { diskFilesDir, readStoredFile, storeFile, type CheckedUpload } from "~/lib/storage.server";
import { describeEachDialect } from "../setup/database";
import { makeUser } from "../support/factories";
import { closedPort, startS3Fake, type S3Fake } from "../support/s3-server";

const text = (bytes: number) => Buffer.from(randomBytes(bytes / 2).toString("hex"));
const upload = (content: Buffer): CheckedUpload => ({ buffer: content, originalName: "notes.txt", type: { ext: "txt", mime: "text/plain" } });

let s3: S3Fake;

beforeAll(async () => {
  // The files are written to the disk: no S3_* for the app itself.
  for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"]) delete process.env[name];
  resetEnvForTests();
  s3 = await startS3Fake();
});

afterAll(async () => {
  await s3?.close();
});

async function storeOnDisk(db: DB, count: number, bytes = 3000): Promise<{ id: string; storageName: string; content: Buffer }[]> {
  const owner = await makeUser(db);
  const stored = [];
  for (let index = 0; index < count; index += 1) {
    const content = text(bytes);
    const file = await storeFile(upload(content), { uploadedBy: owner.id, recordType: "avatar", recordId: owner.id });
    const { storageName } = await db.selectFrom("storedFiles").select("storageName").where("id", "=", file.id).executeTakeFirstOrThrow();
    stored.push({ id: file.id, storageName, content });
  }
  return stored;
}

describeEachDialect("storage:migrate", (db) => {
  it("copies every file to the store verified, does nothing when run again, and repairs or reports what does not match", async () => {
    const files = await storeOnDisk(db(), 4);
    // One of them in the first format, as files stored before the segmented format are.
    const disk = new DiskBackend(diskFilesDir());
    await disk.put(files[0]!.storageName, sealFile(files[0]!.content));
    const target = new S3Backend(s3.settings);
    const lines: string[] = [];
    const run = () => migrateStorage({ db: db(), source: disk, target, log: (line) => lines.push(line) });

    expect(await run()).toMatchObject({ total: 4, copied: 4, alreadyThere: 0, replaced: 0, failed: [], stopped: false });
    for (const file of files) expect((await target.get(file.storageName)).equals(await disk.get(file.storageName))).toBe(true);

    // Run again: everything is read back and verified, nothing is written.
    const writes = s3.events.length;
    expect(await run()).toMatchObject({ total: 4, copied: 0, alreadyThere: 4, replaced: 0, failed: [] });
    expect(s3.events.length).toBe(writes);

    // A changed object in the store is reported and copied again from the disk.
    const changed = Buffer.from(await target.get(files[1]!.storageName));
    changed[40] = changed[40]! ^ 0xff;
    await target.put(files[1]!.storageName, changed);
    expect(await run()).toMatchObject({ copied: 0, alreadyThere: 3, replaced: 1, failed: [] });
    expect(lines.some((line) => line.startsWith(`CORRUPT  ${files[1]!.id}`))).toBe(true);
    expect((await target.get(files[1]!.storageName)).equals(await disk.get(files[1]!.storageName))).toBe(true);

    // A file whose disk copy is damaged or gone, and not yet in the store, fails and is not copied.
    await target.delete(files[2]!.storageName);
    const damaged = await disk.get(files[2]!.storageName);
    damaged[damaged.length - 3] = damaged[damaged.length - 3]! ^ 0x01;
    await disk.put(files[2]!.storageName, damaged);
    await target.delete(files[3]!.storageName);
    await disk.delete(files[3]!.storageName);
    const summary = await run();
    expect(summary).toMatchObject({ total: 4, alreadyThere: 2, copied: 0 });
    expect(summary.failed.map((failure) => [failure.id, failure.reason])).toEqual(
      expect.arrayContaining([
        [files[2]!.id, expect.stringMatching(/^the disk's copy does not open/)],
        [files[3]!.id, "the disk's copy missing"],
      ]),
    );
    expect(summary.failed).toHaveLength(2);
    expect(await target.exists(files[2]!.storageName)).toBe(false);
    target.close();
  });

  it("stops with a failure when the store does not answer", async () => {
    await storeOnDisk(db(), 1);
    const target = new S3Backend({ ...s3.settings, endpoint: `http://127.0.0.1:${await closedPort()}` }, { maxAttempts: 1 });
    const summary = await migrateStorage({ db: db(), source: new DiskBackend(diskFilesDir()), target });
    expect(summary.stopped).toBe(true);
    expect(summary.failed).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^the store did not answer/) })]);
    target.close();
  });
});

describe("npm run storage:migrate", () => {
  let folder: string;
  let fileDb: DB;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "storage-migrate-"));
    fileDb = createDatabase({ url: `file:${path.join(folder, "app.db")}` });
    await migrateToLatest(fileDb);
    setDb(fileDb);
  });

  afterAll(async () => {
    setDb(undefined);
    await fileDb.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const script = async () => {
    const environment = {
      ...process.env,
      DATA_DIR: env().dataDir,
      DATABASE_URL: `file:${path.join(folder, "app.db")}`,
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_BUCKET: s3.settings.bucket,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/storage-migrate.ts"], { env: environment });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it("prints a summary, and exits non-zero when a file fails", { timeout: 60_000 }, async () => {
    const files = await storeOnDisk(fileDb, 2);
    const first = await script();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^copied: +2$/m);

    const backend = new DiskBackend(diskFilesDir());
    const damaged = await backend.get(files[0]!.storageName);
    damaged[30] = damaged[30]! ^ 0x01;
    await backend.put(files[0]!.storageName, damaged);
    const target = new S3Backend(s3.settings);
    await target.delete(files[0]!.storageName);
    target.close();
    const second = await script();
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(/^already there: +1$/m);
    expect(second.stdout).toMatch(/^failed: +1$/m);
    expect(second.stderr).toContain(`${files[0]!.id} (${files[0]!.storageName}): the disk's copy does not open`);
    // The app still reads the other file from the disk it was copied from.
    expect((await readStoredFile(files[1]!.id))!.content.equals(files[1]!.content)).toBe(true);
  });
});
