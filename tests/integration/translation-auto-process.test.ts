import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import {
  AUTO_PROCESS_JOB,
  AUTO_PROCESS_MAX_ATTEMPTS,
  isTransient,
  MACHINE_DRAFT_NOTE,
  queueAutoProcess,
  splitForTranslation,
} from "~/features/translations/auto-process.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import {
  issueTranslationCertificate,
  listClientTranslationFiles,
  openTranslationDownload,
  uploadTranslatedFile,
} from "~/features/translations/translations.server";
import { AppError } from "~/lib/app-error";
import { claimNextJob, runDueJobs, runNextJob } from "~/lib/jobs.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { encryptSecret } from "~/lib/secrets.server";
import { readAll } from "~/lib/storage/backend.server";
import * as filesApi from "~/routes/api+/translation-files";
import * as fileApi from "~/routes/api+/translation-files.$id";
import * as settingsApi from "~/routes/api+/translation-settings";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";
import { startLibreTranslate, type FakeLibreTranslate } from "../support/libretranslate-server";
import { readMails } from "../support/mail";

/**
 * Auto-process through the real upload route and the real job queue, against a small
 * LibreTranslate on 127.0.0.1: a readable upload is queued once, the job stores a machine
 * draft and completes the file; unreadable files and a service that stays down end failed
 * with the reason as the note (in the uploader's language), the uploader told either way.
 */
const API_KEY = "lt-auto-key-19c2";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

type FileBody = {
  file: {
    id: string;
    status: string;
    statusNotes: string | null;
    versions: Array<{ version: number; originalName: string }>;
    history: Array<{ fromStatus: string | null; toStatus: string; note: string | null }>;
  };
};

function uploadForm(content: Buffer, name: string): FormData {
  const form = new FormData();
  form.set("sourceLanguage", "en");
  form.set("targetLanguage", "ar");
  form.set("file", new File([new Uint8Array(content)], name));
  return form;
}

describeEachDialect("translation auto-process", (db) => {
  let translator: TestUser;
  let admin: TestUser;
  let service: FakeLibreTranslate;

  const upload = (as: TestUser, content: Buffer, name: string) =>
    callJson<FileBody>(filesApi.action, { path: "/api/translation-files", method: "POST", as, body: uploadForm(content, name) });
  const getFile = (id: string) => callJson<FileBody>(fileApi.loader, { path: `/api/translation-files/${id}`, as: admin, params: { id } });
  const putSettings = (body: unknown) => callJson(settingsApi.action, { path: "/api/translation-settings", method: "PUT", as: admin, body });
  const jobsOf = (fileId: string) => db().selectFrom("jobs").selectAll().where("uniqueKey", "=", `${AUTO_PROCESS_JOB}:${fileId}`).execute();
  const notificationsOf = (userId: string) => db().selectFrom("notifications").select(["type", "titleKey", "params"]).where("userId", "=", userId).execute();
  const makeDue = () =>
    db()
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("status", "=", "queued")
      .execute();

  beforeAll(async () => {
    await seedPublicContent(db());
    admin = await makeUser(db(), { role: "admin" });
    translator = await makeUser(db(), { role: "staff", features: ["translations"], locale: "fr" });
    service = await startLibreTranslate({ apiKey: API_KEY });
    await db()
      .updateTable("translationSettings")
      .set({ apiEndpoint: service.url, apiKeyEncrypted: encryptSecret(API_KEY), apiEnabled: true })
      .where("id", "=", "default")
      .execute();
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(async () => {
    resetLimitersForTests();
    await db().deleteFrom("jobs").execute();
  });
  afterEach(() => service.setMode("ok"));

  it("splits long text between paragraphs for the service", () => {
    const text = `${"a".repeat(3000)}\n\n${"b".repeat(3000)}`;
    expect(splitForTranslation(text)).toEqual(["a".repeat(3000), "b".repeat(3000)]);
    expect(splitForTranslation("x".repeat(10_000)).every((part) => part.length <= 4500)).toBe(true);
  });

  it("retries what may pass (429, unreachable or timed out, service error) and not what will not", () => {
    for (const key of ["rateLimited", "unreachable", "serviceError"]) expect(isTransient(new AppError(503, `translation-tool:errors.${key}`))).toBe(true);
    for (const key of [
      "translation-tool:errors.notConfigured",
      "translation-tool:errors.badKey",
      "translation-tool:errors.unsupportedPair",
      "extractor:errors.noText",
      "extractor:errors.corrupt",
    ]) {
      expect(isTransient(new AppError(400, key))).toBe(false);
    }
    expect(isTransient(new Error("connection reset"))).toBe(true);
  });

  it("queues a readable upload, stores the machine draft as a translated version and completes the file; the uploader is notified and e-mailed", async () => {
    expect((await putSettings({ autoProcess: true, notifyOnCompletion: true })).status).toBe(200);
    const mailsBefore = readMails(process.env.DATA_DIR!).length;
    const created = await upload(translator, Buffer.from("The contract is signed.\n\nPayment is due in May."), "contract.txt");
    expect(created.status).toBe(201);
    const id = created.body.file.id;
    expect(created.body.file.status).toBe("processing");
    expect(await jobsOf(id)).toHaveLength(1);

    expect(await runDueJobs("worker-a")).toBe(1);
    const [job] = await jobsOf(id);
    expect(job!.status).toBe("done");

    const file = (await getFile(id)).body.file;
    expect(file.status).toBe("completed");
    expect(file.statusNotes).toBe(MACHINE_DRAFT_NOTE);
    expect(file.versions).toHaveLength(1);
    expect(file.versions[0]!.originalName).toMatch(/\.txt$/);
    expect(file.history.map((entry) => entry.toStatus)).toEqual(["pending", "processing", "completed"]);
    const draft = await openTranslationDownload({ id: admin.id, role: "admin" }, id, { kind: "translated" });
    expect((await readAll(draft.stream)).toString("utf8")).toBe("«ar» THE CONTRACT IS SIGNED.\n\nPAYMENT IS DUE IN MAY.\n");
    expect(draft.file.mimeType).toContain("text/plain");

    const notes = await notificationsOf(translator.id);
    expect(notes.map((note) => note.type)).toContain("translation.autoCompleted");
    const mails = readMails(process.env.DATA_DIR!).slice(mailsBefore);
    const mine = mails.filter((mail) => mail.to.toLowerCase().includes(translator.email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain("contract.txt");
  });

  it("never certifies a machine draft nor shows it to the client; the reviewed translation a person uploads is both", async () => {
    expect((await putSettings({ autoProcess: true, notifyOnCompletion: true })).status).toBe(200);
    const client = await makeUser(db(), { role: "client" });
    const order = await createOrder({ id: client.id, role: "client" }, { service: "translation", details: "Translate my birth certificate." }, [], "en");
    const form = uploadForm(Buffer.from("Born on 1 May 1990 in Lyon."), "birth.txt");
    form.set("clientId", client.id);
    form.set("orderId", order.id);
    const created = await callJson<FileBody>(filesApi.action, { path: "/api/translation-files", method: "POST", as: translator, body: form });
    expect(created.status).toBe(201);
    const id = created.body.file.id;
    expect(await runDueJobs("worker-a")).toBe(1);
    expect((await getFile(id)).body.file.status).toBe("completed");

    const actor = { id: translator.id, role: "staff", enabledFeatures: ["translations"] };
    const certificates = () => db().selectFrom("translationCertificates").select("certificateNo").where("translationFileId", "=", id).execute();
    expect(await certificates()).toEqual([]);
    await expect(issueTranslationCertificate(actor, id)).rejects.toMatchObject({ status: 409, key: "translations:errors.machineDraftNotCertified" });
    const [shown] = await listClientTranslationFiles(client.id, order.id);
    expect([shown!.status, shown!.translatedAvailable, shown!.certificateNo]).toEqual(["completed", false, null]);
    await expect(openTranslationDownload({ id: client.id, role: "client" }, id, { kind: "translated" })).rejects.toMatchObject({ status: 404 });
    expect((await notificationsOf(client.id)).map((note) => note.type)).not.toContain("translation.completed");

    const reviewed = Buffer.from("وُلد في 1 مايو 1990 في ليون.");
    await uploadTranslatedFile(actor, id, { buffer: reviewed, originalName: "birth.ar.txt", type: { ext: "txt", mime: "text/plain" }, kind: "txt" });
    expect(await certificates()).toHaveLength(1);
    const [delivered] = await listClientTranslationFiles(client.id, order.id);
    expect(delivered!.translatedAvailable).toBe(true);
    expect(delivered!.certificateNo).toBe((await certificates())[0]!.certificateNo);
    const download = await openTranslationDownload({ id: client.id, role: "client" }, id, { kind: "translated" });
    expect((await readAll(download.stream)).equals(reviewed)).toBe(true);
  });

  it("does not e-mail when notify on completion is off (the notification stays)", async () => {
    await putSettings({ autoProcess: true, notifyOnCompletion: false });
    const mailsBefore = readMails(process.env.DATA_DIR!).length;
    const created = await upload(translator, Buffer.from("Quiet file."), "quiet.txt");
    await runDueJobs();
    expect((await getFile(created.body.file.id)).body.file.status).toBe("completed");
    expect(
      readMails(process.env.DATA_DIR!)
        .slice(mailsBefore)
        .filter((mail) => mail.to.toLowerCase().includes(translator.email)),
    ).toHaveLength(0);
    const notes = await notificationsOf(translator.id);
    expect(notes.filter((note) => note.type === "translation.autoCompleted").length).toBeGreaterThanOrEqual(2);
    await putSettings({ notifyOnCompletion: true });
  });

  it("queues nothing when auto-process is off", async () => {
    await putSettings({ autoProcess: false });
    const created = await upload(translator, Buffer.from("Manual work."), "manual.txt");
    expect(created.body.file.status).toBe("pending");
    expect(await jobsOf(created.body.file.id)).toHaveLength(0);
    expect(await runDueJobs()).toBe(0);
  });

  it("queues one job per file however often it is asked (its unique key)", async () => {
    await putSettings({ autoProcess: true });
    const created = await upload(translator, Buffer.from("Once only."), "once.txt");
    const id = created.body.file.id;
    const again = await Promise.all([queueAutoProcess(id, "txt", true), queueAutoProcess(id, "txt", true)]);
    expect(again).toEqual([false, false]);
    expect(await jobsOf(id)).toHaveLength(1);
    await runDueJobs();
  });

  it("fails an unreadable file at once, with the reason in the uploader's language as the note", async () => {
    await putSettings({ autoProcess: true });
    const created = await upload(translator, PDF, "empty.pdf");
    const id = created.body.file.id;
    expect(created.body.file.status).toBe("processing");
    await runDueJobs();
    const [job] = await jobsOf(id);
    // Not retried: a retry cannot make the file readable.
    expect([job!.status, job!.attempts]).toEqual(["done", 1]);
    const file = (await getFile(id)).body.file;
    expect(file.status).toBe("failed");
    // The uploader reads French: the extractor's refusal, in French.
    expect(file.statusNotes).toMatch(/^(Ce fichier est endommagé|Aucun texte n'a été trouvé)/);
    expect(file.versions).toHaveLength(0);
    const notes = await notificationsOf(translator.id);
    expect(notes.map((note) => note.type)).toContain("translation.autoFailed");
    expect(service.requests.filter((request) => request.path === "/translate" && String(request.json?.q ?? "").includes("PDF"))).toHaveLength(0);
  });

  it("fails at once when the pair is not supported by the service", async () => {
    await putSettings({ autoProcess: true });
    service.setMode("unsupported");
    const created = await upload(translator, Buffer.from("Unsupported."), "pair.txt");
    await runDueJobs();
    const [job] = await jobsOf(created.body.file.id);
    expect(job!.attempts).toBe(1);
    expect((await getFile(created.body.file.id)).body.file.status).toBe("failed");
  });

  it("retries while the service is down, then fails the file after the last try with the error kept", async () => {
    await putSettings({ autoProcess: true });
    service.setMode("error");
    const created = await upload(translator, Buffer.from("The service is down."), "down.txt");
    const id = created.body.file.id;
    for (let attempt = 1; attempt < AUTO_PROCESS_MAX_ATTEMPTS; attempt++) {
      expect(await runNextJob("worker-a")).toBe(true);
      const [job] = await jobsOf(id);
      expect([job!.status, job!.attempts]).toEqual(["queued", attempt]);
      expect(job!.lastError).toBe("translation-tool:errors.serviceError");
      // Still at work between tries.
      expect((await getFile(id)).body.file.status).toBe("processing");
      expect(await runNextJob("worker-a")).toBe(false); // not due yet
      await makeDue();
    }
    expect(await runNextJob("worker-a")).toBe(true);
    const [job] = await jobsOf(id);
    expect([job!.status, job!.attempts, job!.lastError]).toEqual(["failed", AUTO_PROCESS_MAX_ATTEMPTS, "translation-tool:errors.serviceError"]);
    const file = (await getFile(id)).body.file;
    expect(file.status).toBe("failed");
    expect(file.statusNotes).toBe("Le service de traduction n'a pas pu traduire le texte. Réessayez plus tard.");
  });

  it("stops when its instance shuts down: the file stays in progress and another worker finishes it at once", async () => {
    await putSettings({ autoProcess: true });
    const created = await upload(translator, Buffer.from("Stopped halfway."), "stopped.txt");
    const id = created.body.file.id;
    const stopping = new AbortController();
    stopping.abort();
    expect(await runNextJob("worker-a", stopping.signal)).toBe(true);
    const [handedBack] = await jobsOf(id);
    expect(handedBack).toMatchObject({ status: "queued", attempts: 0, lockedBy: null, lastError: null });
    expect((await getFile(id)).body.file.status).toBe("processing");
    // Due now: no waiting for a lease or a retry delay.
    expect(await runNextJob("worker-b")).toBe(true);
    expect((await getFile(id)).body.file.status).toBe("completed");
  });

  it("gives the job to one worker at a time, and takes it again when the lease expired", async () => {
    await putSettings({ autoProcess: true });
    const created = await upload(translator, Buffer.from("Leased."), "leased.txt");
    const id = created.body.file.id;
    const claims = await Promise.all([claimNextJob("worker-a"), claimNextJob("worker-b")]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    // The worker died: after the lease (15 minutes) another one takes the job and finishes it.
    expect(await claimNextJob("worker-c")).toBeNull();
    await db()
      .updateTable("jobs")
      .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
      .where("uniqueKey", "=", `${AUTO_PROCESS_JOB}:${id}`)
      .execute();
    expect(await runDueJobs("worker-c")).toBe(1);
    const [job] = await jobsOf(id);
    expect([job!.status, job!.attempts]).toEqual(["done", 2]);
    expect((await getFile(id)).body.file.status).toBe("completed");
  });
});
