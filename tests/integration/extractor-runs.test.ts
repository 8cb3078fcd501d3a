import { sql } from "kysely";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { EXTRACTION_JOB, getExtraction, purgeExtractionRuns, startExtraction } from "~/features/extractor/extractor.server";
import { createDatabase, type DB } from "~/lib/db/connection.server";
import { setDb } from "~/lib/db/db.server";
import { runDueJobs, runNextJob } from "~/lib/jobs.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { storageBackend } from "~/lib/storage.server";
import * as pageRoute from "~/routes/dashboard+/document-extractor";
import * as fileRoute from "~/routes/resources+/files.$id";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { encryptedPdf, textPdf } from "../support/documents";
import { makeUser, type TestUser } from "../support/factories";

/**
 * The document extractor's runs on the job queue: the row says how far a run is, the upload and
 * the text are stored files (encrypted), the limits are counted in the database, and nothing of a
 * run lives in the memory of the instance that started it.
 */
const MINUTE = 60_000;
const PAGES = [
  ["Page one of the lease agreement between the parties."],
  ["Page two: the rent is due on the first."],
  ["Page three: signatures of the landlord and of the tenant."],
];

describeEachDialect("document extractor runs", (db, dialect) => {
  let admin: TestUser;
  let translator: TestUser;
  let colleague: TestUser;
  const as = (user: TestUser) => ({ ...user, enabledFeatures: ["document_extractor"] });

  beforeAll(async () => {
    admin = await makeUser(db(), { role: "admin" });
    translator = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
    colleague = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
  });
  beforeEach(() => resetLimitersForTests());

  const row = (id: string) => db().selectFrom("extractionRuns").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const storageNameOf = async (fileId: string) =>
    (await db().selectFrom("storedFiles").select("storageName").where("id", "=", fileId).executeTakeFirst())?.storageName ?? null;

  it("queues a run, the job reads it, and another connection sees its progress and text; the upload is gone at the end", async () => {
    const pdf = await textPdf(PAGES);
    const { id } = await startExtraction(as(translator), { bytes: pdf, fileName: "lease.pdf", languages: ["eng"] });
    expect(await getExtraction(as(translator), id)).toMatchObject({ status: "queued", done: 0, total: 0, result: null });
    const queued = await row(id);
    const inputName = await storageNameOf(queued.inputFileId!);
    expect(await storageBackend().exists(inputName!)).toBe(true);

    // The extractor's job runs in its own lane: the other lane leaves it alone.
    expect(await runNextJob("other-lane", new AbortController().signal, { except: [EXTRACTION_JOB] })).toBe(false);
    expect(await runDueJobs()).toBe(1);

    // "Another instance": a second connection to the same database (SQLite in memory has one connection per process).
    let second: DB | null = null;
    if (dialect === "postgres") {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db());
      second = createDatabase({ url: process.env.TEST_DATABASE_URL!, schema: rows[0]!.schema, poolSize: 1 });
    }
    const first = db();
    try {
      if (second) setDb(second);
      const done = await getExtraction(as(translator), id);
      expect(done).toMatchObject({ status: "done", done: 3, total: 3, error: null, result: { kind: "pdf", pages: 3, ocrPages: 0, language: "en" } });
      expect(done.result!.text.split("\n\n")).toEqual(PAGES.map((lines) => lines.join("\n")));
      const page = (await (await call(pageRoute.loader, { path: `/dashboard/document-extractor?run=${id}`, as: translator })).json()) as {
        run: { status: string; result: { text: string } };
      };
      expect(page.run.result.text).toContain("signatures");
    } finally {
      setDb(first);
      await second?.destroy();
    }

    // The upload is deleted (row and bytes); the text is a stored file, sealed: not in the row, not in plain in the store.
    const ended = await row(id);
    expect(ended).toMatchObject({ status: "done", inputFileId: null, errorKey: null });
    expect(await storageNameOf(queued.inputFileId!)).toBeNull();
    expect(await storageBackend().exists(inputName!)).toBe(false);
    expect(JSON.stringify(ended)).not.toContain("lease agreement");
    const sealed = await storageBackend().get((await storageNameOf(ended.textFileId!))!);
    expect(sealed.toString("utf8")).not.toContain("lease agreement");
    expect(new Date(ended.expiresAt!).getTime() - new Date(ended.finishedAt!).getTime()).toBe(30 * MINUTE);

    // The run is its owner's: a colleague and an admin get the same 404 as for an unknown run, here and at the file's own door.
    for (const other of [colleague, admin]) {
      await expect(getExtraction({ ...other, enabledFeatures: ["document_extractor"] }, id)).rejects.toMatchObject({ status: 404 });
    }
    const textFile = await call(fileRoute.loader, { path: `/resources/files/${ended.textFileId}`, as: admin, params: { id: ended.textFileId! } });
    expect(textFile.status).toBe(404);
    await expect(getExtraction(as(translator), "no-such-run")).rejects.toMatchObject({ status: 404, key: "extractor:errors.notFound" });
  });

  it("allows one run per person and eight in all, counted in the database, with the usual messages", async () => {
    const text = (words: string) => new TextEncoder().encode(`${words} of the statement.`);
    const { id } = await startExtraction(as(translator), { bytes: text("First"), fileName: "a.txt", languages: ["eng"] });
    await expect(startExtraction(as(translator), { bytes: text("Second"), fileName: "b.txt", languages: ["eng"] })).rejects.toMatchObject({
      status: 409,
      key: "extractor:errors.busy",
    });
    const others = await Promise.all(Array.from({ length: 8 }, () => makeUser(db(), { role: "staff", features: ["document_extractor"] })));
    for (const other of others.slice(0, 7)) await startExtraction(as(other), { bytes: text("Other"), fileName: "o.txt", languages: ["eng"] });
    await expect(startExtraction(as(others[7]!), { bytes: text("Ninth"), fileName: "n.txt", languages: ["eng"] })).rejects.toMatchObject({
      status: 503,
      key: "extractor:errors.serverBusy",
    });
    // The form shows the same refusal on its file field.
    const form = new FormData();
    form.append("languages", "eng");
    form.set("file", new File([text("Ninth")], "n.txt"));
    const refused = await call(pageRoute.action, { path: "/dashboard/document-extractor", method: "POST", as: others[7]!, body: form });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ file: ["extractor:errors.serverBusy"] });

    await runDueJobs();
    expect((await getExtraction(as(translator), id)).status).toBe("done");
    const again = await startExtraction(as(translator), { bytes: text("Third"), fileName: "c.txt", languages: ["eng"] });
    await runDueJobs();
    expect((await getExtraction(as(translator), again.id)).result?.text).toBe("Third of the statement.");
  });

  it("keeps a refused document's message, and deletes its upload", async () => {
    const { id } = await startExtraction(as(colleague), { bytes: encryptedPdf(), fileName: "locked.pdf", languages: ["eng"] });
    const { inputFileId } = await row(id);
    await runDueJobs();
    expect(await getExtraction(as(colleague), id)).toMatchObject({
      status: "failed",
      result: null,
      error: { key: "extractor:errors.encrypted", params: {} },
    });
    expect(await row(id)).toMatchObject({ status: "failed", errorKey: "extractor:errors.encrypted", inputFileId: null, textFileId: null });
    expect(await storageNameOf(inputFileId!)).toBeNull();
  });

  it("starts a run again from the beginning when its worker stops, on the next worker", async () => {
    const user = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
    const { id } = await startExtraction(as(user), { bytes: await textPdf(PAGES), fileName: "lease.pdf", languages: ["eng"] });
    const stopping = new AbortController();
    stopping.abort();
    expect(await runNextJob("stopping-worker", stopping.signal, { only: [EXTRACTION_JOB] })).toBe(true);
    const handedBack = await row(id);
    expect(handedBack).toMatchObject({ status: "queued", textFileId: null });
    expect(await storageNameOf(handedBack.inputFileId!)).not.toBeNull();
    const job = await db()
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("name", "=", EXTRACTION_JOB)
      .where("status", "=", "queued")
      .executeTakeFirstOrThrow();
    // Handed back by the stopping worker: due now, and the cut-short try does not count as an attempt.
    expect(job).toEqual({ status: "queued", attempts: 0 });

    // Its retry is due (the queue waits a little before it): the next worker reads the document.
    await db()
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("name", "=", EXTRACTION_JOB)
      .where("status", "=", "queued")
      .execute();
    await runDueJobs();
    expect(await getExtraction(as(user), id)).toMatchObject({ status: "done", done: 3, total: 3 });
  });

  it("forgets a run and its text 30 minutes after its end, and ends a run whose worker was lost", async () => {
    const user = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
    const { id } = await startExtraction(as(user), { bytes: new TextEncoder().encode("A short note."), fileName: "note.txt", languages: ["eng"] });
    await runDueJobs();
    const { finishedAt, textFileId } = await row(id);
    const textName = await storageNameOf(textFileId!);
    const after = (minutes: number) => new Date(new Date(finishedAt!).getTime() + minutes * MINUTE);

    expect(await purgeExtractionRuns(after(29))).toEqual({ purged: 0, lost: 0 });
    expect((await getExtraction(as(user), id, { now: after(29) })).result?.text).toBe("A short note.");
    // Past its time it is a 404 already, before the purge comes by.
    await expect(getExtraction(as(user), id, { now: after(31) })).rejects.toMatchObject({ status: 404 });
    expect((await purgeExtractionRuns(after(31))).purged).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("extractionRuns").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await storageNameOf(textFileId!)).toBeNull();
    expect(await storageBackend().exists(textName!)).toBe(false);

    // A working run whose row has not moved for far longer than its lease: its owner is free again.
    const stuck = await startExtraction(as(user), { bytes: new TextEncoder().encode("Another note."), fileName: "n.txt", languages: ["eng"] });
    const old = new Date(Date.now() - 60 * MINUTE).toISOString();
    await db().updateTable("extractionRuns").set({ status: "working", updatedAt: old }).where("id", "=", stuck.id).execute();
    expect((await purgeExtractionRuns()).lost).toBe(1);
    expect(await getExtraction(as(user), stuck.id)).toMatchObject({ status: "failed", error: { key: "extractor:errors.stopped" } });
    await runDueJobs();
    expect((await getExtraction(as(user), stuck.id)).status).toBe("failed");

    // A deleted account takes its runs along; the purge removes their files.
    const leaving = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
    const gone = await startExtraction(as(leaving), { bytes: new TextEncoder().encode("A last note."), fileName: "l.txt", languages: ["eng"] });
    await runDueJobs();
    const leftText = (await row(gone.id)).textFileId!;
    await db().deleteFrom("users").where("id", "=", leaving.id).execute();
    expect(await storageNameOf(leftText)).not.toBeNull();
    await purgeExtractionRuns();
    expect(await storageNameOf(leftText)).toBeNull();
  });
});
