import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listLanguages } from "~/features/machine-translation/libretranslate.server";
import { addGlossaryTerm, deleteGlossaryTerm, listGlossary, machineTranslate } from "~/features/machine-translation/machine-translation.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { getMachineTranslationCredentials } from "~/features/translations/settings.server";
import { action as translateApi } from "~/routes/api+/translate";
import { AppError } from "~/lib/app-error";
import { encryptSecret } from "~/lib/secrets.server";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";
import { startLibreTranslate, type FakeLibreTranslate } from "../support/libretranslate-server";

const API_KEY = "lt-test-key-7f3a";

describeEachDialect("machine translation", (db) => {
  let cast: Cast;
  let translator: TestUser;
  let service: FakeLibreTranslate;

  const configure = (endpoint: string | null, apiKey: string | null = API_KEY) =>
    db()
      .updateTable("translationSettings")
      .set({ apiEndpoint: endpoint, apiKeyEncrypted: apiKey ? encryptSecret(apiKey) : null, apiEnabled: endpoint !== null })
      .where("id", "=", "default")
      .execute();

  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, key: (error as AppError).key };
  };

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    translator = await makeUser(db(), { role: "staff", features: ["translations"] });
    service = await startLibreTranslate({ apiKey: API_KEY });
    await configure(service.url);
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    service.setMode("ok");
  });

  it("reads the endpoint and the decrypted key from the settings; none without an endpoint", async () => {
    expect(await getMachineTranslationCredentials()).toEqual({ endpoint: service.url, apiKey: API_KEY });
    await configure(null);
    expect(await getMachineTranslationCredentials()).toBeNull();
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({
      status: 503,
      key: "translation-tool:errors.notConfigured",
    });
    await configure(service.url);
  });

  it("masks every identifier before the text leaves, and puts them back in the translation", async () => {
    const identifiers = [
      "123-45-6789",
      "912-70-1234",
      "A123456789",
      "X12345678",
      "4111 1111 1111 1111",
      "000123456789",
      "021000021",
      "jane.doe@example.com",
      "(555) 123-4567",
      "DE89 3704 0044 0532 0130 00",
    ];
    const text =
      `Client SSN ${identifiers[0]}, spouse ITIN ${identifiers[1]}, alien number ${identifiers[2]}, passport no. ${identifiers[3]}. ` +
      `Card ${identifiers[4]}, account ${identifiers[5]}, routing ${identifiers[6]}. Contact ${identifiers[7]} or ${identifiers[8]}; IBAN ${identifiers[9]}.`;
    const before = service.requests.length;
    const result = await machineTranslate({ text, source: "en", target: "ar", actorId: translator.id });
    const sent = service.requests.slice(before);
    expect(sent.map((request) => request.path)).toEqual(["/translate"]);
    expect(sent[0]!.json).toMatchObject({ source: "en", target: "ar", format: "text", api_key: API_KEY });
    for (const value of identifiers) expect(sent[0]!.body).not.toContain(value);
    expect(sent[0]!.json!.q).toContain("[[1]]");
    expect(result.masked).toBe(10);
    expect(result.unrestored).toBe(0);
    // The service wrote the placeholders with Arabic-Indic digits; every value is back as typed.
    for (const value of identifiers) expect(result.translation).toContain(value);
    expect(result.translation.startsWith("«ar» CLIENT SSN 123-45-6789")).toBe(true);
    // The audit trail records the work, never the text.
    const entry = await db().selectFrom("auditLog").select(["action", "meta"]).where("actorId", "=", translator.id).where("action", "=", "machine_translation.translate").executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.meta)).not.toContain("123-45-6789");
    expect(entry.meta).toMatchObject({ source: "en", target: "ar", masked: 10 });
  });

  it("detects the source language on the masked text", async () => {
    const before = service.requests.length;
    const result = await machineTranslate({ text: "Bonjour, mon courriel est marie@example.fr et la demande est prête.", source: "auto", target: "en", actorId: translator.id });
    expect(result.detectedSource).toBe("fr");
    expect(result.translation).toContain("marie@example.fr");
    expect(service.requests.slice(before).map((request) => request.path)).toEqual(["/detect", "/translate"]);
    expect(service.sentText()).not.toContain("marie@example.fr");
    expect(await refusalOf(machineTranslate({ text: "Hello there, this is in English.", source: "auto", target: "en", actorId: translator.id }))).toEqual({
      status: 400,
      key: "translation-tool:errors.alreadyInTarget",
    });
  });

  it("applies the pair's glossary: the source term never leaves, the fixed target term comes back", async () => {
    const staff = { id: translator.id, role: "staff", enabledFeatures: ["translations"] };
    await addGlossaryTerm(staff, { sourceLanguage: "en", targetLanguage: "ar", sourceTerm: "Mohammed Al-Hassan", targetTerm: "محمد الحسن", note: "As in passport" });
    await addGlossaryTerm(staff, { sourceLanguage: "en", targetLanguage: "ar", sourceTerm: "Affidavit", targetTerm: "إقرار مشفوع باليمين" });
    const other = await addGlossaryTerm(staff, { sourceLanguage: "en", targetLanguage: "fr", sourceTerm: "Affidavit", targetTerm: "Déclaration sous serment" });
    expect(await refusalOf(addGlossaryTerm(staff, { sourceLanguage: "en", targetLanguage: "ar", sourceTerm: "Affidavit", targetTerm: "x" }))).toEqual({
      status: 409,
      key: "translation-tool:glossary.errors.exists",
    });

    const before = service.requests.length;
    const result = await machineTranslate({ text: "The affidavit of Mohammed Al-Hassan is signed.", source: "en", target: "ar", actorId: translator.id });
    expect(service.requests[before]!.json!.q).toBe("The [[1]] of [[2]] is signed.");
    expect(result.translation).toBe("«ar» THE إقرار مشفوع باليمين OF محمد الحسن IS SIGNED.");
    expect(result.glossaryApplied).toBe(2);
    expect(result.masked).toBe(0);

    // Only the pair's own terms; French gets spaces inside placeholders back from this service.
    const french = await machineTranslate({ text: "Affidavit for Mohammed Al-Hassan", source: "en", target: "fr", actorId: translator.id });
    expect(french.translation).toBe("«fr» Déclaration sous serment FOR MOHAMMED AL-HASSAN");

    const page = await listGlossary(staff, { from: "en", to: "ar", perPage: 1 });
    expect([page.total, page.pageCount, page.items[0]!.sourceTerm]).toEqual([2, 2, "Affidavit"]);
    const second = await listGlossary(staff, { from: "en", to: "ar", perPage: 1, page: 2 });
    expect(second.items[0]!.sourceTerm).toBe("Mohammed Al-Hassan");
    await deleteGlossaryTerm(staff, other.id);
    expect((await listGlossary(staff, { from: "en", to: "fr" })).total).toBe(0);
    await expect(listGlossary({ id: cast.clientA.id, role: "client", enabledFeatures: [] }, {})).rejects.toMatchObject({ status: 403 });
  });

  it.each([
    ["forbidden", 503, "translation-tool:errors.badKey"],
    ["rateLimited", 429, "translation-tool:errors.rateLimited"],
    ["error", 503, "translation-tool:errors.serviceError"],
    ["unsupported", 400, "translation-tool:errors.unsupportedPair"],
  ] as const)("turns a %s answer into its own message", async (mode, status, key) => {
    service.setMode(mode);
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({ status, key });
  });

  it("says when the key is wrong (the service checks it)", async () => {
    await configure(service.url, "not-the-key");
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({ status: 503, key: "translation-tool:errors.badKey" });
    await configure(service.url);
  });

  it("gives up after the time-out, and says so", async () => {
    service.setMode("hang");
    const started = Date.now();
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }, { timeoutMs: 300 }))).toEqual({
      status: 503,
      key: "translation-tool:errors.timeout",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("says when the service cannot be reached", async () => {
    const gone = await startLibreTranslate();
    const url = gone.url;
    await gone.close();
    await configure(url);
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({ status: 503, key: "translation-tool:errors.unreachable" });
    await configure(service.url);
  });

  it("checks the text on the server: required, at most 5,000 characters, two different languages", async () => {
    expect(await refusalOf(machineTranslate({ text: "   ", source: "en", target: "fr", actorId: translator.id }))).toMatchObject({ key: "translation-tool:errors.textRequired" });
    expect(await refusalOf(machineTranslate({ text: "a".repeat(5_001), source: "en", target: "fr", actorId: translator.id }))).toMatchObject({ key: "translation-tool:errors.textTooLong" });
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "fr", target: "fr", actorId: translator.id }))).toMatchObject({ key: "translation-tool:errors.sameLanguages" });
  });

  it("lists the service's languages", async () => {
    const languages = await listLanguages({ endpoint: service.url, apiKey: null });
    expect(languages.map((language) => language.code)).toEqual(["en", "ar", "fr"]);
  });

  describe("POST /api/translate", () => {
    it("translates for staff with the translations feature, refuses others, answers errors in the caller's language", async () => {
      const ok = await callJson(translateApi, { path: "/api/translate", method: "POST", as: translator, body: { text: "Call me at 555-123-4567", target: "fr" } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ translation: "«fr» CALL ME AT 555-123-4567", masked: 1, detectedSource: "en", machineDraft: true });

      const client = await callJson(translateApi, { path: "/api/translate", method: "POST", as: cast.clientA, body: { text: "Hi", target: "fr" } });
      expect(client.status).toBe(403);
      const otherStaff = await makeUser(db(), { role: "staff", features: ["inbox"] });
      expect((await callJson(translateApi, { path: "/api/translate", method: "POST", as: otherStaff, body: { text: "Hi", target: "fr" } })).status).toBe(403);

      const tooLong = await callJson<{ message: string }>(translateApi, { path: "/api/translate", method: "POST", as: cast.admin, body: { text: "a".repeat(5_001), source: "en", target: "fr" } });
      expect(tooLong.status).toBe(400);

      service.setMode("rateLimited");
      const limited = await callJson<{ message: string }>(translateApi, {
        path: "/api/translate",
        method: "POST",
        as: cast.admin,
        body: { text: "Hello", source: "en", target: "fr" },
        headers: { "Accept-Language": "fr" },
      });
      expect(limited.status).toBe(429);
      expect(limited.response.headers.get("Retry-After")).toBe("17");
      expect(limited.body.message).toMatch(/17/);
      expect(limited.body.message).not.toMatch(/translation-tool/);
    });
  });
});
