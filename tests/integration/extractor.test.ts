import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, guessLanguage, type ExtractProgress } from "~/features/extractor/extract.server";
import { getExtraction } from "~/features/extractor/extractor.server";
import { stopOcr } from "~/features/extractor/ocr.server";
import { AppError } from "~/lib/app-error";
import { runDueJobs } from "~/lib/jobs.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import * as pageRoute from "~/routes/dashboard+/document-extractor";
import * as progressRoute from "~/routes/resources+/document-extractor.$id";
import * as textRoute from "~/routes/resources+/document-extractor.$id.text";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { ARABIC_LINES, corruptPdf, docx, encryptedPdf, ENGLISH_LINES, scannedPdf, textImage, textPdf, textTiff } from "../support/documents";
import { makeUser, type TestUser } from "../support/factories";

/**
 * The document extractor: text out of PDFs (text layer, OCR of scanned pages), DOCX,
 * TXT and images (English, French, Arabic OCR), its refusals, and who may use the page.
 * OCR takes seconds a page: the OCR runs here are few and small.
 */
const OCR_TIMEOUT = 90_000;

async function refusalOf(work: Promise<unknown>): Promise<{ status: number; key: string; params: Record<string, unknown> }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, key: error.key, params: error.params };
    throw error;
  }
  throw new Error("expected a refusal");
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);

describe("extractText", () => {
  afterAll(() => stopOcr());

  it(
    "reads an English image by OCR, exactly, and says the text is English",
    async () => {
      const progress: ExtractProgress[] = [];
      const result = await extractText(textImage(ENGLISH_LINES), { languages: ["eng"], onProgress: (step) => progress.push(step) });
      expect(words(result.text)).toEqual(words(ENGLISH_LINES.join("\n")));
      expect(result).toMatchObject({ kind: "image", pages: 1, ocrPages: 1, language: "en" });
      expect(progress).toEqual([{ done: 1, total: 1, page: 1, method: "ocr" }]);
    },
    OCR_TIMEOUT,
  );

  it(
    "reads an Arabic image by OCR",
    async () => {
      const result = await extractText(textImage(ARABIC_LINES, { arabic: true }), { languages: ["ara"] });
      for (const word of ["مرحبا", "مكتبنا", "شهادة", "الميلاد"]) expect(result.text).toContain(word);
      expect(result.language).toBe("ar");
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a TIFF image, and a scanned PDF page by rendering it and OCR",
    async () => {
      const tiff = await extractText(textTiff(ENGLISH_LINES.slice(0, 1)), { languages: ["eng"] });
      expect(words(tiff.text)).toEqual(words(ENGLISH_LINES[0]!));

      const progress: ExtractProgress[] = [];
      const pdf = await scannedPdf([textImage(ENGLISH_LINES.slice(1))]);
      const scanned = await extractText(pdf, { languages: ["eng", "fra"], onProgress: (step) => progress.push(step) });
      expect(scanned).toMatchObject({ kind: "pdf", pages: 1, ocrPages: 1 });
      expect(words(scanned.text)).toEqual(words(ENGLISH_LINES[1]!));
      expect(progress).toEqual([{ done: 1, total: 1, page: 1, method: "ocr" }]);
    },
    OCR_TIMEOUT,
  );

  it("reads a PDF's text layer page by page, with progress for each page", async () => {
    const pages = [
      ["Page one of the lease agreement between the parties."],
      ["Page two: the monthly rent is 1,200 dollars, due on the first."],
      ["Page three: signatures of the landlord and of the tenant."],
    ];
    const progress: ExtractProgress[] = [];
    const result = await extractText(await textPdf(pages), { onProgress: (step) => progress.push(step) });
    expect(result).toMatchObject({ kind: "pdf", pages: 3, ocrPages: 0, language: "en" });
    expect(result.text.split("\n\n")).toEqual(pages.map((lines) => lines.join("\n")));
    expect(progress.map((step) => [step.done, step.total, step.page, step.method])).toEqual([
      [1, 3, 1, "text"],
      [2, 3, 2, "text"],
      [3, 3, 3, "text"],
    ]);
  });

  it("reads a DOCX, and a UTF-8 text file with Arabic whatever its name", async () => {
    const word = await extractText(docx(["Certificat de naissance", "Le présent document est une traduction certifiée conforme."]));
    expect(word).toMatchObject({ kind: "docx", language: "fr" });
    expect(word.text).toBe("Certificat de naissance\n\nLe présent document est une traduction certifiée conforme.");

    const text = "عقد إيجار\nLease agreement – bail\n";
    const plain = await extractText(new TextEncoder().encode(`\ufeff${text}`));
    expect(plain).toMatchObject({ kind: "txt", pages: 1, text: text.trim() });
  });

  it("refuses empty, password-protected, corrupt and unsupported files with their own messages", async () => {
    expect(await refusalOf(extractText(new Uint8Array()))).toMatchObject({ status: 400, key: "extractor:errors.empty" });
    expect(await refusalOf(extractText(new TextEncoder().encode("   \n\n  ")))).toMatchObject({ key: "extractor:errors.empty" });
    expect(await refusalOf(extractText(encryptedPdf()))).toMatchObject({ status: 422, key: "extractor:errors.encrypted" });
    expect(await refusalOf(extractText(corruptPdf()))).toMatchObject({ status: 422, key: "extractor:errors.corrupt" });
    const png = textImage(["x"]);
    expect(await refusalOf(extractText(png.subarray(0, 20)))).toMatchObject({ key: "extractor:errors.corrupt" });
    // A GIF, an executable and a zip that is not a Word document: not on the list, whatever they are called.
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect(await refusalOf(extractText(gif))).toMatchObject({ status: 415, key: "extractor:errors.unsupportedType" });
    expect(await refusalOf(extractText(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])))).toMatchObject({
      key: "extractor:errors.unsupportedType",
    });
    const { zipSync, strToU8 } = await import("fflate");
    expect(await refusalOf(extractText(zipSync({ "notes.txt": strToU8("hello") })))).toMatchObject({ key: "extractor:errors.unsupportedType" });
  });

  it("refuses documents over the page limits before reading them, and stops at the time limit", async () => {
    const six = await textPdf(Array.from({ length: 6 }, (_, index) => [`Page ${index + 1} of a long statement of account, with enough words.`]));
    expect(await refusalOf(extractText(six, { maxTextPages: 5 }))).toMatchObject({ status: 413, key: "extractor:errors.tooManyPages", params: { max: 5 } });
    const blank = textImage([""]);
    const scans = await scannedPdf([blank, blank]);
    expect(await refusalOf(extractText(scans, { maxOcrPages: 1 }))).toMatchObject({
      status: 413,
      key: "extractor:errors.tooManyScannedPages",
      params: { max: 1 },
    });
    expect(await refusalOf(extractText(six, { timeLimitMs: 1 }))).toMatchObject({ key: "extractor:errors.timeLimit" });
  });

  it("guesses the language for the translation tool", () => {
    expect(guessLanguage("مرحبا بكم في مكتبنا. Office")).toBe("ar");
    expect(guessLanguage("Le contrat de travail est signé par les deux parties.")).toBe("fr");
    expect(guessLanguage("The contract is signed by both parties.")).toBe("en");
  });
});

function uploadForm(bytes: Uint8Array, name: string, languages: string[] = ["eng"]): FormData {
  const form = new FormData();
  for (const language of languages) form.append("languages", language);
  form.set("file", new File([new Uint8Array(bytes)], name));
  return form;
}

describeEachDialect("document extractor page", (db) => {
  let admin: TestUser;
  let translator: TestUser;
  let assistant: TestUser;
  let client: TestUser;
  beforeAll(async () => {
    await resetLimitersForTests();
    admin = await makeUser(db(), { role: "admin" });
    translator = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
    assistant = await makeUser(db(), { role: "staff", features: ["inbox"] });
    client = await makeUser(db(), { role: "client" });
  });

  const upload = (as: TestUser, form: FormData) => call(pageRoute.action, { path: "/dashboard/document-extractor", method: "POST", as, body: form });

  it("uploads, answers with the run's page, and the text can be read, polled and downloaded by its owner only", async () => {
    const pdf = await textPdf([["Bonjour, voici le relevé de compte de la société pour le mois de mars."]]);
    const response = await upload(translator, uploadForm(pdf, "relevé mars.pdf"));
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/dashboard\/document-extractor\?run=[0-9a-f-]{36}$/);
    const id = new URL(location, "http://x").searchParams.get("run")!;
    await runDueJobs();
    const done = await getExtraction({ ...translator, enabledFeatures: ["document_extractor"] }, id);
    expect(done).toMatchObject({ status: "done", done: 1, total: 1, result: { kind: "pdf", language: "fr" } });

    const page = await call(pageRoute.loader, { path: location, as: translator });
    const data = (await page.json()) as { run: { result: { text: string } }; title: string };
    expect(data.title).toBe("Document extractor");
    expect(data.run.result.text).toContain("relevé de compte");

    const poll = await call(progressRoute.loader, { path: `/resources/document-extractor/${id}`, as: translator, params: { id } });
    expect(await poll.json()).toMatchObject({ status: "done", done: 1, total: 1, result: null });

    const download = await call(textRoute.loader, { path: `/resources/document-extractor/${id}/text`, as: translator, params: { id } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="relev_ mars.txt"; filename*=UTF-8''relev%C3%A9%20mars.txt`);
    expect(await download.text()).toContain("relevé de compte");

    // Someone else's run is not found, even for an admin; a forgotten one shows a notice on the page.
    expect((await call(progressRoute.loader, { path: `/resources/document-extractor/${id}`, as: admin, params: { id } })).status).toBe(404);
    expect((await call(textRoute.loader, { path: `/resources/document-extractor/${id}/text`, as: admin, params: { id } })).status).toBe(404);
    const foreign = (await (await call(pageRoute.loader, { path: location, as: admin })).json()) as { run: unknown; missing: boolean };
    expect(foreign).toMatchObject({ run: null, missing: true });
  });

  it("answers refused uploads with the file field's message", async () => {
    const noFile = new FormData();
    noFile.append("languages", "eng");
    const missing = await upload(admin, noFile);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ file: ["extractor:errors.noFile"] });

    const wrong = await upload(admin, uploadForm(Buffer.from("GIF89a\u0001\u0000\u0001\u0000"), "scan.pdf"));
    expect(wrong.status).toBe(415);
    expect(((await wrong.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ file: ["extractor:errors.unsupportedType"] });

    const empty = await upload(admin, uploadForm(new Uint8Array(), "empty.txt"));
    expect(empty.status).toBe(400);

    const badLanguage = await upload(admin, uploadForm(new TextEncoder().encode("hello"), "a.txt", ["deu"]));
    expect(badLanguage.status).toBe(400);
    expect(((await badLanguage.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      "languages[0]": ["extractor:errors.languages"],
    });
  });

  it("is for the back-office with the document_extractor feature only", async () => {
    const form = () => uploadForm(new TextEncoder().encode("hello world"), "a.txt");
    for (const [who, home] of [
      [client, "/client"],
      [assistant, "/dashboard"],
    ] as const) {
      const page = await call(pageRoute.loader, { path: "/dashboard/document-extractor", as: who });
      expect([page.status, page.headers.get("location")]).toEqual([302, home]);
      const post = await upload(who, form());
      expect([post.status, post.headers.get("location")]).toEqual([302, home]);
      expect((await call(progressRoute.loader, { path: "/resources/document-extractor/x", as: who, params: { id: "x" } })).status).toBe(302);
    }
    const anonymous = await call(pageRoute.loader, { path: "/dashboard/document-extractor", as: null });
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fdocument-extractor");
    expect((await call(pageRoute.loader, { path: "/dashboard/document-extractor", as: translator })).status).toBe(200);
    expect((await call(pageRoute.loader, { path: "/dashboard/document-extractor", as: admin })).status).toBe(200);
  });
});
