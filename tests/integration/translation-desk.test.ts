import { strToU8, zipSync } from "fflate";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { createTask, loadLinkedTasks } from "~/features/tasks/tasks.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { getMachineTranslationCredentials } from "~/features/machine-translation/settings.server";
import { getTranslationSettings } from "~/features/translations/settings.server";
import {
  certificatePageCount,
  certificateTitleFor,
  changeTranslationStatus,
  issueTranslationCertificate,
  listClientTranslationFiles,
} from "~/features/translations/translations.server";
import * as certificateRoute from "~/routes/resources+/certificates.$file";
import { countWords } from "~/features/translations/word-count.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { storageBackend } from "~/lib/storage.server";
import * as filesApi from "~/routes/api+/translation-files";
import * as fileApi from "~/routes/api+/translation-files.$id";
import * as downloadApi from "~/routes/api+/translation-files.$id.download";
import * as statusApi from "~/routes/api+/translation-files.$id.status";
import * as translatedApi from "~/routes/api+/translation-files.$id.translated";
import * as settingsApi from "~/routes/api+/translation-settings";
import * as clientOrderPage from "~/routes/client+/service-orders.$id";
import * as filePage from "~/routes/dashboard+/translations.$id";
import * as deskPage from "~/routes/dashboard+/translations._index";
import * as downloadRoute from "~/routes/resources+/translation-files.$id";
import { describeEachDialect } from "../setup/database";
import { call, callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

/**
 * The translation desk through its real routes (Bearer tokens): the status machine and its
 * history, settings validation and the API key that never leaves the server, type and size
 * checked from the content against the settings, rights, and translated versions kept.
 */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);
const API_KEY = "sk-very-secret-translation-key-123";

function docx(text: string): Buffer {
  const files = {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

type Person = TestUser | null;
type FileBody = {
  file: {
    id: string;
    status: string;
    certificates: Array<{ certificateNo: string; pageCount: number }>;
    certificateMissing: boolean;
    wordCount: number | null;
    originalType: string;
    versions: Array<{ version: number }>;
    history: Array<{ fromStatus: string | null; toStatus: string; note: string | null }>;
  };
};

function uploadForm(content: Buffer | null, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("sourceLanguage", fields.sourceLanguage ?? "en");
  form.set("targetLanguage", fields.targetLanguage ?? "ar");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (content) form.set("file", new File([new Uint8Array(content)], name));
  return form;
}

describeEachDialect("translation desk", (db) => {
  let cast: Cast;
  let translator: TestUser;
  let assistant: TestUser;
  let orderId: string;

  const upload = (as: Person, form: FormData) =>
    callJson<FileBody & { message?: string }>(filesApi.action, { path: "/api/translation-files", method: "POST", as, body: form });
  const setStatus = (as: Person, id: string, status: string, note?: string) =>
    callJson<FileBody & { message?: string }>(statusApi.action, {
      path: `/api/translation-files/${id}/status`,
      method: "POST",
      as,
      body: { status, note },
      params: { id },
    });
  const sendTranslated = (as: Person, id: string, content: Buffer, name: string, complete = false) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(content)], name));
    if (complete) form.set("complete", "true");
    return callJson<FileBody & { version: number; message?: string }>(translatedApi.action, {
      path: `/api/translation-files/${id}/translated`,
      method: "POST",
      as,
      body: form,
      params: { id },
    });
  };
  const putSettings = (as: Person, body: unknown) =>
    callJson<{ settings: Record<string, unknown>; message?: string }>(settingsApi.action, { path: "/api/translation-settings", method: "PUT", as, body });

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    translator = await makeUser(db(), { role: "staff", features: ["translations"] });
    assistant = await makeUser(db(), { role: "staff", features: ["inbox"] });
    orderId = (await createOrder({ id: cast.clientA.id, role: "client" }, { service: "translation", details: "Translate my diploma, two pages." }, [], "en"))
      .id;
  });
  beforeEach(() => resetLimitersForTests());

  it("counts words with Intl.Segmenter, Arabic included", () => {
    expect(countWords("Hello, world! It's 2026.")).toBe(4);
    expect(countWords("مرحبا بالعالم، هذه وثيقة.", "ar")).toBe(4);
    expect(countWords("L’acte de naissance est traduit.", "fr")).toBeGreaterThanOrEqual(5);
  });

  it("checks the type from the content and the size against the settings", async () => {
    // A program renamed .pdf is refused, with the reason at the file.
    const exe = await upload(cast.admin, uploadForm(EXE, "passport.pdf"));
    expect(exe.status).toBe(400);
    expect(exe.body.message).toContain("passport.pdf is not an allowed file type");
    // No file at all.
    const none = await upload(cast.admin, uploadForm(null, ""));
    expect([none.status, none.body.message]).toEqual([400, "Please select a file to upload"]);
    // The same language twice.
    const same = await upload(cast.admin, uploadForm(PDF, "a.pdf", { targetLanguage: "en" }));
    expect(same.status).toBe(400);
    expect(same.body.message).toContain("Source and target languages cannot be the same");
    // A type the settings do not allow (TIFF is offered but off by default): refused by content.
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]), Buffer.alloc(64)]);
    const refusedTiff = await upload(cast.admin, uploadForm(tiff, "scan.tiff"));
    expect(refusedTiff.status).toBe(400);
    // Over the maximum size (1 MB here).
    expect((await putSettings(cast.admin, { maxFileSizeMb: 1 })).status).toBe(200);
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const tooBig = await upload(cast.admin, uploadForm(big, "big.pdf"));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe("big.pdf is larger than the maximum of 1 MB.");
    // The page's action answers the same refusals with the desk's fixed failure message above the form.
    const page = await callJson<{ result: { error: Record<string, string[]> } }>(deskPage.action, {
      path: "/dashboard/translations?tab=upload",
      method: "POST",
      as: cast.admin,
      body: uploadForm(EXE, "cv.pdf", { intent: "upload" }),
    });
    expect(page.status).toBe(400);
    expect(page.body.result.error[""]).toEqual(["translations:messages.uploadFailed"]);
    expect(page.body.result.error.file?.[0]).toContain("translations:errors.typeNotAllowed");
    expect((await putSettings(cast.admin, { maxFileSizeMb: 10 })).status).toBe(200);
  });

  it("counts the words of TXT and DOCX at upload", async () => {
    const txt = await upload(translator, uploadForm(Buffer.from("One two three four five."), "letter.txt"));
    expect([txt.status, txt.body.file.wordCount, txt.body.file.originalType]).toEqual([201, 5, "txt"]);
    const word = await upload(translator, uploadForm(docx("شهادة الميلاد للطالب أحمد"), "birth.docx", { sourceLanguage: "ar", targetLanguage: "en" }));
    expect([word.status, word.body.file.wordCount, word.body.file.originalType]).toEqual([201, 4, "docx"]);
    const pdf = await upload(translator, uploadForm(PDF, "scan.pdf"));
    expect([pdf.status, pdf.body.file.wordCount]).toEqual([201, null]);
  });

  it("enforces the status machine, keeps the history and every translated version", async () => {
    const created = await upload(cast.admin, uploadForm(PDF, "diploma.pdf", { clientId: cast.clientA.id, orderId, dueDate: "2099-01-01" }));
    expect(created.status).toBe(201);
    const id = created.body.file.id;
    expect(created.body.file.status).toBe("pending");
    // pending → completed is not a move of the machine; completed needs a translation.
    expect((await setStatus(cast.admin, id, "completed")).status).toBe(409);
    expect((await setStatus(cast.admin, id, "archived")).status).toBe(400);
    expect((await setStatus(cast.admin, id, "processing", "Started")).status).toBe(200);
    const early = await setStatus(cast.admin, id, "completed");
    expect([early.status, early.body.message]).toEqual([409, "Upload the translated file before marking the file completed."]);

    const first = await sendTranslated(cast.admin, id, PDF, "diploma-ar.pdf");
    expect([first.status, first.body.version]).toEqual([201, 1]);
    const second = await sendTranslated(translator, id, PDF, "diploma-ar-v2.pdf", true);
    expect([second.status, second.body.version, second.body.file.status]).toEqual([201, 2, "completed"]);
    expect(second.body.file.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(second.body.file.history.map((entry) => `${entry.fromStatus}>${entry.toStatus}`)).toEqual([
      "null>pending",
      "pending>processing",
      "processing>completed",
    ]);
    expect(second.body.file.history[1]!.note).toBe("Started");

    // A concurrent move loses; a completed file may only go back to processing.
    await expect(changeTranslationStatus({ id: cast.admin.id, role: "admin" }, id, "failed")).rejects.toMatchObject({ status: 409 });
    const versions = await db().selectFrom("translationFileVersions").select("version").where("fileId", "=", id).execute();
    expect(versions).toHaveLength(2);
    const audited = await db().selectFrom("auditLog").select("action").where("targetId", "=", id).execute();
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(["translation.uploaded", "translation.status_changed", "translation.translated_uploaded"]),
    );
    // The client is told (notify on completion is on by default).
    const told = await db()
      .selectFrom("notifications")
      .select("link")
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "translation.completed")
      .execute();
    expect(told.map((row) => row.link)).toContain(`/client/service-orders/${orderId}`);

    // Earlier versions stay downloadable by the desk.
    const v1 = await call(downloadApi.loader, { path: `/api/translation-files/${id}/download?version=1`, as: translator, params: { id } });
    expect([v1.status, v1.headers.get("content-disposition")]).toEqual([200, expect.stringContaining("diploma-ar.pdf")]);
  });

  it("lets each client see and download only its own completed translations", async () => {
    const created = await upload(cast.admin, uploadForm(PDF, "transcript.pdf", { clientId: cast.clientA.id, orderId }));
    const id = created.body.file.id;
    const download = (as: Person, query = "?file=translated") =>
      call(downloadRoute.loader, { path: `/resources/translation-files/${id}${query}`, as, params: { id } });
    // Before completion the client sees the file, not a translation.
    expect((await listClientTranslationFiles(cast.clientA.id, orderId)).find((file) => file.id === id)?.translatedAvailable).toBe(false);
    await setStatus(cast.admin, id, "processing");
    await sendTranslated(cast.admin, id, docx("Transcript of records"), "transcript-en.docx");
    expect((await download(cast.clientA)).status).toBe(404);
    await setStatus(cast.admin, id, "completed");

    const files = await listClientTranslationFiles(cast.clientA.id, orderId);
    expect(files.find((file) => file.id === id)?.translatedAvailable).toBe(true);
    expect(await listClientTranslationFiles(cast.clientB.id, orderId)).toEqual([]);
    const ok = await download(cast.clientA);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toContain("transcript-en.docx");
    expect((await download(cast.clientA, "?file=original")).status).toBe(404);
    expect((await download(cast.clientB)).status).toBe(404);
    expect((await download(assistant)).status).toBe(404);
    expect((await download(translator, "?file=original")).status).toBe(200);
    expect((await download(null)).status).toBe(302);
    const downloads = await db().selectFrom("auditLog").select("actorId").where("targetId", "=", id).where("action", "=", "translation.downloaded").execute();
    expect(downloads.map((row) => row.actorId)).toEqual(expect.arrayContaining([cast.clientA.id, translator.id]));

    // The client's order page carries the list; client B's does not reach the order at all.
    const pageA = await callJson<{ translationFiles: Array<{ id: string; translatedAvailable: boolean }> }>(clientOrderPage.loader, {
      path: `/client/service-orders/${orderId}`,
      as: cast.clientA,
      params: { id: orderId },
    });
    expect(pageA.body.translationFiles.find((file) => file.id === id)?.translatedAvailable).toBe(true);
    const pageB = await call(clientOrderPage.loader, { path: `/client/service-orders/${orderId}`, as: cast.clientB, params: { id: orderId } });
    expect(pageB.status).toBe(404);
  });

  it("admits desk users only: staff with the feature, not without, not clients, not signed out", async () => {
    const list = (as: Person) => call(filesApi.loader, { path: "/api/translation-files", as });
    expect((await list(cast.admin)).status).toBe(200);
    expect((await list(cast.owner)).status).toBe(200);
    expect((await list(translator)).status).toBe(200);
    expect((await list(assistant)).status).toBe(403);
    expect((await list(cast.clientA)).status).toBe(403);
    expect((await list(null)).status).toBe(401);
    expect((await upload(cast.clientA, uploadForm(PDF, "mine.pdf"))).status).toBe(403);
    expect((await upload(assistant, uploadForm(PDF, "mine.pdf"))).status).toBe(403);
    const page = (as: Person) => call(deskPage.loader, { path: "/dashboard/translations?tab=files", as });
    expect((await page(translator)).status).toBe(200);
    expect((await page(assistant)).status).toBe(302);
    expect((await page(cast.clientA)).status).toBe(302);
    expect((await page(null)).headers.get("location")).toContain("/login");
    // Settings: staff read them (without the key) but only admins change them.
    expect((await callJson(settingsApi.loader, { path: "/api/translation-settings", as: translator })).status).toBe(200);
    expect((await putSettings(translator, { autoProcess: true })).status).toBe(403);
    expect((await callJson(settingsApi.loader, { path: "/api/translation-settings", as: cast.clientA })).status).toBe(403);
    // A staff member's desk has no Settings tab.
    const staffSettings = await callJson<{ tab: string; tabs: string[] }>(deskPage.loader, { path: "/dashboard/translations?tab=settings", as: translator });
    expect(staffSettings.body.tabs).not.toContain("settings");
    expect(staffSettings.body.tab).not.toBe("settings");

    // Delete: refused for others, then gone with its files.
    const created = await upload(translator, uploadForm(PDF, "to-delete.pdf"));
    const id = created.body.file.id;
    const remove = (as: Person) => call(fileApi.action, { path: `/api/translation-files/${id}`, method: "DELETE", as, params: { id } });
    expect((await remove(cast.clientA)).status).toBe(403);
    expect((await remove(assistant)).status).toBe(403);
    expect((await remove(translator)).status).toBe(200);
    expect((await call(fileApi.loader, { path: `/api/translation-files/${id}`, as: translator, params: { id } })).status).toBe(404);
    expect(await db().selectFrom("storedFiles").select("id").where("recordId", "=", id).execute()).toEqual([]);
  });

  it("validates the settings and never sends the API key to a page or an API client", async () => {
    const invalid = await putSettings(cast.admin, { defaultSourceLanguage: "fr", defaultTargetLanguage: "fr" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain("Source and target languages cannot be the same");
    expect((await putSettings(cast.admin, { maxFileSizeMb: 0 })).status).toBe(400);
    expect((await putSettings(cast.admin, { maxFileSizeMb: 51 })).status).toBe(400);
    expect((await putSettings(cast.admin, { allowedFileTypes: [] })).status).toBe(400);
    expect((await putSettings(cast.admin, { allowedFileTypes: ["exe"] })).status).toBe(400);
    expect((await putSettings(cast.admin, { apiEnabled: true, apiEndpoint: "" })).status).toBe(400);
    expect((await putSettings(cast.admin, { apiEndpoint: "javascript:alert(1)" })).status).toBe(400);

    const saved = await putSettings(cast.admin, { apiEnabled: true, apiEndpoint: "http://127.0.0.1:5000", apiKey: API_KEY });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.apiKeySet).toBe(true);
    const stored = await db().selectFrom("translationSettings").select("apiKeyEncrypted").where("id", "=", "default").executeTakeFirstOrThrow();
    expect(stored.apiKeyEncrypted).not.toContain(API_KEY);
    expect(await getMachineTranslationCredentials()).toEqual({ endpoint: "http://127.0.0.1:5000", apiKey: API_KEY });

    // Every answer a browser or an API client can get.
    const answers: string[] = [JSON.stringify(saved.body)];
    for (const tab of ["upload", "files", "statistics", "settings"]) {
      answers.push(await (await call(deskPage.loader, { path: `/dashboard/translations?tab=${tab}`, as: cast.admin })).text());
    }
    answers.push(await (await call(settingsApi.loader, { path: "/api/translation-settings", as: cast.admin })).text());
    answers.push(await (await call(filesApi.loader, { path: "/api/translation-files", as: cast.admin })).text());
    const anyFile = await db().selectFrom("translationFiles").select("id").executeTakeFirstOrThrow();
    answers.push(await (await call(filePage.loader, { path: `/dashboard/translations/${anyFile.id}`, as: cast.admin, params: { id: anyFile.id } })).text());
    answers.push(await (await call(fileApi.loader, { path: `/api/translation-files/${anyFile.id}`, as: cast.admin, params: { id: anyFile.id } })).text());
    // A refused settings form does not echo the typed key either.
    const form = new URLSearchParams({
      intent: "settings",
      defaultSourceLanguage: "en",
      defaultTargetLanguage: "en",
      maxFileSizeMb: "10",
      allowedFileTypes: "pdf",
      apiKey: API_KEY,
    });
    const refused = await call(deskPage.action, { path: "/dashboard/translations?tab=settings", method: "POST", as: cast.admin, body: form });
    expect(refused.status).toBe(400);
    answers.push(await refused.text());
    for (const answer of answers) {
      expect(answer).not.toContain(API_KEY);
      expect(answer).not.toContain(stored.apiKeyEncrypted!);
      expect(answer).not.toContain("apiKeyEncrypted");
    }
    const settingsPage = await callJson<{ settings: Record<string, unknown> }>(deskPage.loader, {
      path: "/dashboard/translations?tab=settings",
      as: cast.admin,
    });
    expect(settingsPage.body.settings.apiKeySet).toBe(true);

    // Saving without a key keeps it; clearing removes it. The audit trail never holds it.
    await putSettings(cast.admin, { notifyOnCompletion: false });
    expect((await getMachineTranslationCredentials())?.apiKey).toBe(API_KEY);
    const cleared = await putSettings(cast.admin, { clearApiKey: true, apiEnabled: false });
    expect(cleared.body.settings.apiKeySet).toBe(false);
    expect(await getMachineTranslationCredentials()).toBeNull();
    const audits = await db().selectFrom("auditLog").select("meta").where("action", "=", "translation.settings_changed").execute();
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audits)).not.toContain(API_KEY);
    await putSettings(cast.admin, { notifyOnCompletion: true });
    expect((await getTranslationSettings()).notifyOnCompletion).toBe(true);
  });

  it("auto-process starts new files as processing, recorded in the history", async () => {
    await putSettings(cast.admin, { autoProcess: true });
    const created = await upload(cast.admin, uploadForm(PDF, "auto.pdf"));
    expect(created.body.file.status).toBe("processing");
    expect(created.body.file.history.map((entry) => entry.toStatus)).toEqual(["pending", "processing"]);
    await putSettings(cast.admin, { autoProcess: false });
  });

  it("lists, filters and pages on the server, and counts the statistics in SQL", async () => {
    const page = await callJson<{ files: Array<{ originalName: string; status: string }>; total: number; perPage: number; nextCursor: string | null }>(
      filesApi.loader,
      {
        path: "/api/translation-files?perPage=2",
        as: cast.admin,
      },
    );
    expect(page.body.files).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const next = await callJson<{ files: Array<{ originalName: string }> }>(filesApi.loader, {
      path: `/api/translation-files?perPage=2&after=${page.body.nextCursor}`,
      as: cast.admin,
    });
    expect(next.body.files.map((file) => file.originalName)).not.toContain(page.body.files[0]!.originalName);
    const completed = await callJson<{ files: Array<{ status: string }> }>(filesApi.loader, {
      path: "/api/translation-files?status=completed",
      as: cast.admin,
    });
    expect(completed.body.files.length).toBeGreaterThan(0);
    expect(completed.body.files.every((file) => file.status === "completed")).toBe(true);
    const arEn = await callJson<{ files: Array<{ originalName: string }> }>(filesApi.loader, { path: "/api/translation-files?pair=ar-en", as: cast.admin });
    expect(arEn.body.files.map((file) => file.originalName)).toEqual(["birth.docx"]);
    const search = await callJson<{ files: Array<{ originalName: string }> }>(filesApi.loader, { path: "/api/translation-files?q=DIPLOMA", as: cast.admin });
    expect(search.body.files.map((file) => file.originalName)).toEqual(["diploma.pdf"]);
    const forClient = await callJson<{ files: Array<{ clientId: string }> }>(filesApi.loader, {
      path: `/api/translation-files?client=${cast.clientA.id}`,
      as: cast.admin,
    });
    expect(forClient.body.files.length).toBe(2);

    const stats = await callJson<{
      stats: {
        total: number;
        words: number;
        pages: number;
        byStatus: Array<{ status: string; count: number }>;
        completedWithDueDate: number;
        completedOnTime: number;
        averageTurnaroundHours: number | null;
        perMonth: Array<{ count: number }>;
      };
    }>(deskPage.loader, { path: "/dashboard/translations?tab=statistics", as: cast.admin });
    const { stats: figures } = stats.body;
    expect(figures.total).toBe(figures.byStatus.reduce((sum, row) => sum + row.count, 0));
    expect(figures.words).toBe(5 + 4);
    expect(figures.pages).toBe(2);
    expect([figures.completedWithDueDate, figures.completedOnTime]).toEqual([1, 1]);
    expect(figures.averageTurnaroundHours).not.toBeNull();
    expect(figures.perMonth).toHaveLength(12);
    expect(figures.perMonth.at(-1)!.count).toBe(figures.total);
  });

  it("issues exactly one certificate per completed translated version and shows it to the client", async () => {
    const created = await upload(cast.admin, uploadForm(Buffer.from("One two three four five six."), "affidavit.txt", { clientId: cast.clientA.id, orderId }));
    const id = created.body.file.id;
    const certificates = () => db().selectFrom("translationCertificates").selectAll().where("translationFileId", "=", id).orderBy("issuedAt", "asc").execute();
    const clientView = async () => (await listClientTranslationFiles(cast.clientA.id, orderId)).find((file) => file.id === id)!;
    await setStatus(cast.admin, id, "processing");
    await sendTranslated(cast.admin, id, Buffer.from("Un deux trois quatre cinq six."), "affidavit-ar.txt");
    expect(await certificates()).toHaveLength(0);
    expect((await clientView()).certificateNo).toBeNull();

    // Completion issues it: the original file's name, the languages, 1 page (6 words), the actor.
    const done = await setStatus(translator, id, "completed");
    expect(done.status).toBe(200);
    const [first, ...others] = await certificates();
    expect(others).toHaveLength(0);
    expect(first).toMatchObject({
      documentTitle: "affidavit.txt",
      sourceLanguage: "en",
      targetLanguage: "ar",
      pageCount: 1,
      clientId: cast.clientA.id,
      issuedBy: translator.id,
    });
    expect(done.body.file).toMatchObject({ certificates: [{ certificateNo: first!.certificateNo }], certificateMissing: false });
    // Idempotent: again for the same version answers the same number.
    expect((await issueTranslationCertificate({ id: cast.admin.id, role: "admin" }, id)).certificateNo).toBe(first!.certificateNo);
    // Back to processing and completed again with the same translation: still one.
    await setStatus(cast.admin, id, "processing");
    await setStatus(cast.admin, id, "completed");
    expect(await certificates()).toHaveLength(1);

    // The client's order page lists the number and its PDF; the client downloads it.
    expect(await clientView()).toMatchObject({ certificateNo: first!.certificateNo, certificateHref: `/resources/certificates/${first!.certificateNo}.pdf` });
    const pageA = await callJson<{ translationFiles: Array<{ id: string; certificateNo: string | null }> }>(clientOrderPage.loader, {
      path: `/client/service-orders/${orderId}`,
      as: cast.clientA,
      params: { id: orderId },
    });
    expect(pageA.body.translationFiles.find((file) => file.id === id)?.certificateNo).toBe(first!.certificateNo);
    const pdf = await call(certificateRoute.loader, {
      path: `/resources/certificates/${first!.certificateNo}.pdf`,
      as: cast.clientA,
      params: { file: `${first!.certificateNo}.pdf` },
    });
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);

    // A new translated version of the completed file gets its own certificate; the client sees the newest.
    const v2 = await sendTranslated(translator, id, Buffer.from("Un deux trois quatre cinq six sept."), "affidavit-ar-v2.txt");
    expect(v2.status).toBe(201);
    const all = await certificates();
    expect(all).toHaveLength(2);
    expect(all[1]!.certificateNo).not.toBe(first!.certificateNo);
    expect((await clientView()).certificateNo).toBe(all[1]!.certificateNo);
    expect(v2.body.file.certificates.map((c) => c.certificateNo)).toEqual([all[1]!.certificateNo, first!.certificateNo]);

    // The desk's file page lists them and names the certificates and tasks namespaces.
    const page = await callJson<{ file: FileBody["file"]; tasks: unknown }>(filePage.loader, {
      path: `/dashboard/translations/${id}`,
      as: cast.admin,
      params: { id },
    });
    expect(page.body.file.certificates).toHaveLength(2);
    expect(page.body.tasks).toMatchObject({ newHref: `/dashboard/tasks/new?translationFileId=${id}` });
    // A task linked to the file lists there, and its link leads to the file's page.
    const admin = { id: cast.admin.id, role: "admin", enabledFeatures: [] };
    await createTask(admin, { title: "Proofread the affidavit", translationFileId: id });
    const linked = await loadLinkedTasks(admin, { translationFileId: id });
    expect(linked?.tasks.map((task) => task.title)).toEqual(["Proofread the affidavit"]);
    expect(linked?.tasks[0]?.link?.href).toBe(`/dashboard/translations/${id}`);
    expect(filePage.handle.i18n).toEqual(expect.arrayContaining(["certificates", "tasks"]));
  });

  it("prints a Latin title and a page count the certificate accepts", async () => {
    expect(certificateTitleFor({ id: "abcdef12-3456", originalName: "شهادة الميلاد.pdf" })).toBe("Document ABCDEF12");
    expect(certificateTitleFor({ id: "abcdef12-3456", originalName: "Acte de naissance – Zoé.pdf" })).toBe("Acte de naissance – Zoé.pdf");
    expect([certificatePageCount(null), certificatePageCount(0), certificatePageCount(250), certificatePageCount(251)]).toEqual([1, 1, 1, 2]);
    const created = await upload(cast.admin, uploadForm(Buffer.from("Bonjour le monde"), "شهادة.txt", { sourceLanguage: "fr", targetLanguage: "en" }));
    const id = created.body.file.id;
    await setStatus(cast.admin, id, "processing");
    const done = await sendTranslated(cast.admin, id, Buffer.from("Hello world"), "certificate-en.txt", true);
    expect(done.body.file.status).toBe("completed");
    const row = await db().selectFrom("translationCertificates").select("documentTitle").where("translationFileId", "=", id).executeTakeFirstOrThrow();
    expect(row.documentTitle).toBe(`Document ${id.slice(0, 8).toUpperCase()}`);
  });

  it("answers a download whose bytes the store lost with the translated 503, not a 404", async () => {
    const created = await upload(cast.admin, uploadForm(PDF, "lost.pdf", { clientId: cast.clientA.id, orderId }));
    const id = created.body.file.id;
    const { storageName } = await db()
      .selectFrom("translationFiles")
      .innerJoin("storedFiles", "storedFiles.id", "translationFiles.originalFileId")
      .select("storedFiles.storageName")
      .where("translationFiles.id", "=", id)
      .executeTakeFirstOrThrow();
    await storageBackend().delete(storageName);
    const response = await call(downloadRoute.loader, { path: `/resources/translation-files/${id}?file=original`, as: translator, params: { id } });
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/^This file is unavailable right now/);
  });
});
