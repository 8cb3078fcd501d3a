import { createHash, randomUUID } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, expect, it } from "vitest";
import { certificateStatement, renderCertificatePdf } from "~/features/certificates/certificate-pdf.server";
import { CERTIFICATE_NO_PATTERN } from "~/features/certificates/certificates";
import {
  findCertificate,
  issueCertificate,
  listCertificatesForFiles,
  verifyUrlFor,
  type IssueCertificateInput,
} from "~/features/certificates/certificates.server";
import { getFirm } from "~/core/office/firm.server";
import { seedPublicContent } from "~/features/content/seed.server";
import * as downloadRoute from "~/routes/resources+/certificates.$file";
import * as verifyRoute from "~/routes/_public+/verify.$no";
import * as verifyIndexRoute from "~/routes/_public+/verify._index";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

const bytes = (text: string) => new TextEncoder().encode(text);
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const flat = (text: string) => text.replace(/\s+/g, " ");

describeEachDialect("certificates", (db) => {
  let cast: Cast;
  let translator: TestUser;
  let clerk: TestUser;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    translator = await makeUser(db(), { role: "staff", features: ["translations"] });
    clerk = await makeUser(db(), { role: "staff", features: ["inbox"] });
  });

  function input(overrides: Partial<IssueCertificateInput> = {}): IssueCertificateInput {
    return {
      translationFileId: randomUUID(),
      clientId: cast.clientA.id,
      documentTitle: "Birth certificate of Amira Haddad",
      sourceLanguage: "ar",
      targetLanguage: "en",
      pageCount: 2,
      translatorName: "Nadia Benali",
      sourceBytes: bytes("source document"),
      translatedBytes: bytes("translated document"),
      issuedBy: cast.admin.id,
      ...overrides,
    };
  }

  it("issues a certificate with a random TC number and the SHA-256 of both files", async () => {
    const certificate = await issueCertificate(input({ sourceBytes: bytes("أصل"), translatedBytes: bytes("translation") }));
    expect(certificate.certificateNo).toMatch(CERTIFICATE_NO_PATTERN);
    expect(certificate.sourceSha256).toBe(sha("أصل"));
    expect(certificate.translatedSha256).toBe(sha("translation"));
    expect(certificate).toMatchObject({ sourceLanguage: "ar", targetLanguage: "en", pageCount: 2, translatorName: "Nadia Benali", clientId: cast.clientA.id });
    expect(await findCertificate(certificate.certificateNo.toLowerCase())).toEqual(certificate);
    expect(await findCertificate("TC-0000-0000")).toBeNull();
  });

  it("is idempotent per translated version; a new translation gets a new certificate", async () => {
    const first = input();
    const a = await issueCertificate(first);
    const again = await issueCertificate({ ...first, documentTitle: "Another title", pageCount: 9 });
    expect(again).toEqual(a);
    // Issued a few milliseconds later, so that "newest first" has one answer (within a millisecond the id decides).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const revised = await issueCertificate({ ...first, translatedBytes: bytes("translated document, revised") });
    expect(revised.certificateNo).not.toBe(a.certificateNo);
    expect((await listCertificatesForFiles([first.translationFileId, "nothing"])).map((c) => c.certificateNo)).toEqual([
      revised.certificateNo,
      a.certificateNo,
    ]);
    expect(await listCertificatesForFiles([])).toEqual([]);
  });

  it("lets concurrent issues of one version end with one certificate, and of many versions with distinct numbers", async () => {
    const same = input();
    const raced = await Promise.all(Array.from({ length: 6 }, () => issueCertificate(same)));
    expect(new Set(raced.map((c) => c.certificateNo)).size).toBe(1);
    expect(await listCertificatesForFiles([same.translationFileId])).toHaveLength(1);

    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => issueCertificate(input({ translatedBytes: bytes(`version ${i}`) }))));
    expect(new Set(many.map((c) => c.certificateNo)).size).toBe(12);
  });

  it("uses the firm's proprietor as translator by default and refuses what the English certificate cannot print", async () => {
    const certificate = await issueCertificate(input({ translatorName: null }));
    expect(certificate.translatorName).toBe((await getFirm()).proprietor);
    await expect(issueCertificate(input({ documentTitle: "شهادة ميلاد" }))).rejects.toMatchObject({
      status: 400,
      field: "documentTitle",
      key: "certificates:errors.notLatin",
    });
    await expect(issueCertificate(input({ pageCount: 0 }))).rejects.toMatchObject({ status: 400, field: "pageCount" });
    await expect(issueCertificate(input({ sourceLanguage: "Arabic!" }))).rejects.toMatchObject({ status: 400, field: "sourceLanguage" });
    await expect(issueCertificate(input({ translatedBytes: new Uint8Array() }))).rejects.toMatchObject({ status: 400 });
  });

  it("prints the statement, number, languages, pages, hashes and verification address in the PDF", async () => {
    const certificate = await issueCertificate(input({ documentTitle: "Diplôme de licence – Université de Tunis", sourceLanguage: "fr", pageCount: 3 }));
    const verifyUrl = verifyUrlFor(certificate.certificateNo);
    expect(verifyUrl).toBe(`http://localhost:3000/verify/${certificate.certificateNo}`);
    const pdf = await renderCertificatePdf(certificate, { verifyUrl, firmName: "Harbor Point Tax & Translation", timeZone: "America/Detroit" });
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const page = flat(text);
    expect(page).toContain("Certificate of Translation Accuracy");
    expect(page).toContain(flat(certificateStatement(certificate)));
    expect(page).toContain("I, Nadia Benali, certify that I am competent to translate from French into English");
    expect(page).toContain("is complete and accurate");
    expect(page).toContain("8 CFR 103.2(b)(3)");
    expect(page).toContain(`Certificate No. ${certificate.certificateNo}`);
    expect(page).toContain("Diplôme de licence – Université de Tunis");
    expect(page).toMatch(/Source language French/);
    expect(page).toMatch(/Target language English/);
    expect(page).toMatch(/Number of pages 3/);
    expect(page).toContain(certificate.sourceSha256);
    expect(page).toContain(certificate.translatedSha256);
    expect(page).toContain(verifyUrl);
    expect(page).toContain("Signature: Nadia Benali, Translator");
    expect(page).toContain(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Detroit" }).format(new Date(certificate.issuedAt)));
  });

  it("lets the client download their own certificate and staff with translations any, and audits it", async () => {
    const certificate = await issueCertificate(input());
    const path = `/resources/certificates/${certificate.certificateNo}.pdf`;
    const download = (as: TestUser | null, file = `${certificate.certificateNo}.pdf`) => call(downloadRoute.loader, { path, as, params: { file } });

    const own = await download(cast.clientA);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Content-Disposition")).toContain(`certificate-${certificate.certificateNo}.pdf`);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await own.arrayBuffer())), { mergePages: true });
    expect(flat(text)).toContain(certificate.translatedSha256);

    for (const staff of [cast.admin, cast.owner, translator]) expect((await download(staff)).status).toBe(200);
    for (const stranger of [cast.clientB, clerk]) expect((await download(stranger)).status).toBe(404);
    expect((await download(cast.admin, certificate.certificateNo)).status).toBe(404);
    expect((await download(cast.admin, "TC-2222-2222.pdf")).status).toBe(404);

    const signedOut = await download(null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);

    const audited = await db()
      .selectFrom("auditLog")
      .select(["actorId", "action", "targetType"])
      .where("targetId", "=", certificate.id)
      .orderBy("createdAt")
      .execute();
    expect(audited.map((row) => row.actorId).sort()).toEqual([cast.clientA.id, cast.admin.id, cast.owner.id, translator.id].sort());
    expect(new Set(audited.map((row) => `${row.action} ${row.targetType}`))).toEqual(new Set(["certificate.downloaded translation_certificate"]));
  });

  it("confirms a known number publicly without anything personal, and says so for an unknown one", async () => {
    const certificate = await issueCertificate(input({ documentTitle: "Divorce decree of Amira Haddad" }));
    const ip = { "x-client-ip": `test-${randomUUID()}` };
    const page = await call(verifyRoute.loader, { path: `/verify/${certificate.certificateNo}`, params: { no: certificate.certificateNo }, headers: ip });
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    const body = await page.text();
    const data = JSON.parse(body) as { certificate: Record<string, unknown> };
    expect(data.certificate).toEqual({
      certificateNo: certificate.certificateNo,
      sourceLanguage: "ar",
      targetLanguage: "en",
      pageCount: 2,
      translatorName: "Nadia Benali",
      issuedAt: certificate.issuedAt,
      sourceSha256: certificate.sourceSha256,
      translatedSha256: certificate.translatedSha256,
    });
    for (const secret of [
      "Divorce decree",
      "Amira",
      cast.clientA.id,
      cast.clientA.email,
      cast.clientA.fullName,
      certificate.translationFileId,
      certificate.id,
    ]) {
      expect(body).not.toContain(secret);
    }
    // Typed in lower case: still found.
    expect((await call(verifyRoute.loader, { path: "/verify/x", params: { no: certificate.certificateNo.toLowerCase() }, headers: ip })).status).toBe(200);

    const unknown = await call(verifyRoute.loader, { path: "/verify/TC-2222-2222", params: { no: "TC-2222-2222" }, headers: ip });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ certificateNo: "TC-2222-2222" });
    expect((await call(verifyRoute.loader, { path: "/verify/nonsense", params: { no: "nonsense" }, headers: ip })).status).toBe(404);
  });

  it("counts look-ups per address and stops them beyond 30 in ten minutes", async () => {
    const headers = { "x-client-ip": `test-${randomUUID()}` };
    for (let i = 0; i < 30; i++) {
      expect((await call(verifyRoute.loader, { path: "/verify/TC-2222-2222", params: { no: "TC-2222-2222" }, headers })).status).toBe(404);
    }
    const refused = await call(verifyRoute.loader, { path: "/verify/TC-2222-2222", params: { no: "TC-2222-2222" }, headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const elsewhere = await call(verifyRoute.loader, {
      path: "/verify/TC-2222-2222",
      params: { no: "TC-2222-2222" },
      headers: { "x-client-ip": `test-${randomUUID()}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("sends a typed number from /verify to its page, and answers a malformed one there", async () => {
    const typed = await call(verifyIndexRoute.loader, { path: "/verify?no=tc-abcd-efgh" });
    expect([typed.status, typed.headers.get("Location")]).toEqual([302, "/verify/TC-ABCD-EFGH"]);
    const malformed = await call(verifyIndexRoute.loader, { path: "/verify?no=12345" });
    expect(malformed.status).toBe(200);
    expect(await malformed.json()).toMatchObject({ invalid: true, typed: "12345" });
  });
});
