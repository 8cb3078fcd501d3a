import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listLanguages } from "~/features/machine-translation/libretranslate.server";
import { addGlossaryTerm, deleteGlossaryTerm, listGlossary, machineTranslate } from "~/features/machine-translation/machine-translation.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { getMachineTranslationCredentials } from "~/features/machine-translation/settings.server";
import { action as translateApi } from "~/routes/api+/translate";
import * as settingsApi from "~/routes/api+/translation-settings";
import * as deskPage from "~/routes/dashboard+/translations._index";
import { addressKind, checkHost, type ResolvedAddress } from "~/features/machine-translation/service-address.server";
import { AppError, encodeMessage } from "~/lib/app-error";
import { resetEnvForTests } from "~/lib/env.server";
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

  const refusalWithParams = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    const { status, key, params } = error as AppError;
    return { status, key, params };
  };
  const refusalOf = async (work: Promise<unknown>) => {
    const { status, key } = await refusalWithParams(work);
    return { status, key };
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
    const entry = await db()
      .selectFrom("auditLog")
      .select(["action", "meta"])
      .where("actorId", "=", translator.id)
      .where("action", "=", "machine_translation.translate")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.meta)).not.toContain("123-45-6789");
    expect(entry.meta).toMatchObject({ source: "en", target: "ar", masked: 10 });
  });

  it("detects the source language on the masked text", async () => {
    const before = service.requests.length;
    const result = await machineTranslate({
      text: "Bonjour, mon courriel est marie@example.fr et la demande est prête.",
      source: "auto",
      target: "en",
      actorId: translator.id,
    });
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
    await addGlossaryTerm(staff, {
      sourceLanguage: "en",
      targetLanguage: "ar",
      sourceTerm: "Mohammed Al-Hassan",
      targetTerm: "محمد الحسن",
      note: "As in passport",
    });
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
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({
      status: 503,
      key: "translation-tool:errors.badKey",
    });
    await configure(service.url);
  });

  it("says the same for every failed connection and every answer that is not LibreTranslate's, so no port can be told from another", async () => {
    const gone = await startLibreTranslate();
    const closedPort = gone.url;
    await gone.close();
    const translate = () => machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }, { timeoutMs: 300 });
    const unreachable = { status: 503, key: "translation-tool:errors.unreachable", params: {} };
    const failures: Record<string, unknown> = {};
    await configure(closedPort);
    failures.refused = await refusalWithParams(translate());
    await configure(service.url);
    for (const mode of ["reset", "hang", "notLibreTranslate"] as const) {
      service.setMode(mode);
      failures[mode] = await refusalWithParams(translate());
    }
    expect(failures).toEqual({ refused: unreachable, reset: unreachable, hang: unreachable, notLibreTranslate: unreachable });
  });

  describe("the service's address", () => {
    const HOST = "libretranslate.internal.test";
    const withPrivateHosts = async (allowed: boolean, work: () => Promise<void>) => {
      process.env.MT_ALLOW_PRIVATE_HOSTS = String(allowed);
      resetEnvForTests();
      try {
        await work();
      } finally {
        process.env.MT_ALLOW_PRIVATE_HOSTS = "true";
        resetEnvForTests();
      }
    };

    it("is checked at every request: a private one only when the server allows it, and nothing is sent otherwise", async () => {
      const before = service.requests.length;
      await withPrivateHosts(false, async () => {
        expect(await refusalOf(machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id }))).toEqual({
          status: 503,
          key: "translation-tool:errors.addressRefused",
        });
      });
      expect(service.requests.length).toBe(before);
      expect((await machineTranslate({ text: "Hello", source: "en", target: "fr", actorId: translator.id })).translation).toBe("«fr» HELLO");
    });

    it("connects to the address it checked, keeping the host name in the request; a name that now points elsewhere is refused", async () => {
      const port = new URL(service.url).port;
      const answers: ResolvedAddress[][] = [[{ address: "127.0.0.1", family: 4 }], [{ address: "169.254.169.254", family: 4 }]];
      const asked: string[] = [];
      const resolve = async (hostname: string) => {
        asked.push(hostname);
        return answers.shift()!;
      };
      const config = { endpoint: `http://${HOST}:${port}`, apiKey: null, resolve };
      const before = service.requests.length;
      expect((await listLanguages(config)).map((language) => language.code)).toEqual(["en", "ar", "fr"]);
      expect(service.requests.slice(before).map((request) => request.host)).toEqual([`${HOST}:${port}`]);
      // The same name, resolved again for the next request, now answers a metadata address.
      expect(await refusalOf(listLanguages(config))).toEqual({ status: 503, key: "translation-tool:errors.addressRefused" });
      expect(asked).toEqual([HOST, HOST]);
      expect(service.requests.length).toBe(before + 1);
    });

    it("refuses to save a link-local or metadata address always, a private one unless allowed, in the API and the desk's settings tab", async () => {
      const put = (apiEndpoint: string) =>
        callJson<{ message: string; field?: string }>(settingsApi.action, {
          path: "/api/translation-settings",
          method: "PUT",
          as: cast.admin,
          body: { apiEnabled: true, apiEndpoint },
        });
      for (const endpoint of [
        "http://169.254.169.254/",
        "http://[fe80::1]:5000",
        "http://0xA9FEA9FE",
        "http://[::ffff:169.254.169.254]",
        "http://[fd00:ec2::254]",
        "http://100.100.100.200",
        "http://metadata.google.internal",
      ]) {
        const refused = await put(endpoint);
        expect([endpoint, refused.status, refused.body.message]).toEqual([
          endpoint,
          400,
          "This address cannot be used for the translation service: it is a link-local or cloud metadata address.",
        ]);
      }
      await withPrivateHosts(false, async () => {
        const refused = await put("http://127.0.0.1:5000");
        expect([refused.status, refused.body.message]).toEqual([
          400,
          "This address is on this server or a private network. The server accepts it only when its operator sets MT_ALLOW_PRIVATE_HOSTS=true.",
        ]);
        const form = new URLSearchParams({
          intent: "settings",
          defaultSourceLanguage: "en",
          defaultTargetLanguage: "ar",
          maxFileSizeMb: "10",
          allowedFileTypes: "pdf",
          apiEnabled: "on",
          apiEndpoint: "http://10.0.0.7:5000",
        });
        const desk = await callJson<{ result: { error: Record<string, string[]> } }>(deskPage.action, {
          path: "/dashboard/translations?tab=settings",
          method: "POST",
          as: cast.admin,
          body: form,
        });
        expect([desk.status, desk.body.result.error.apiEndpoint]).toEqual([400, [encodeMessage("translations:errors.endpointPrivate")]]);
      });
      expect((await getMachineTranslationCredentials())?.endpoint).toBe(service.url);
      expect((await put("http://127.0.0.1:5000")).status).toBe(200);
      await configure(service.url);
    });
  });

  it("checks the text on the server: required, at most 5,000 characters, two different languages", async () => {
    expect(await refusalOf(machineTranslate({ text: "   ", source: "en", target: "fr", actorId: translator.id }))).toMatchObject({
      key: "translation-tool:errors.textRequired",
    });
    expect(await refusalOf(machineTranslate({ text: "a".repeat(5_001), source: "en", target: "fr", actorId: translator.id }))).toMatchObject({
      key: "translation-tool:errors.textTooLong",
    });
    expect(await refusalOf(machineTranslate({ text: "Hello", source: "fr", target: "fr", actorId: translator.id }))).toMatchObject({
      key: "translation-tool:errors.sameLanguages",
    });
  });

  it("lists the service's languages", async () => {
    const languages = await listLanguages({ endpoint: service.url, apiKey: null });
    expect(languages.map((language) => language.code)).toEqual(["en", "ar", "fr"]);
  });

  describe("POST /api/translate", () => {
    it("translates for staff with the translations feature, refuses others, answers errors in the caller's language", async () => {
      const ok = await callJson(translateApi, {
        path: "/api/translate",
        method: "POST",
        as: translator,
        body: { text: "Call me at 555-123-4567", target: "fr" },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ translation: "«fr» CALL ME AT 555-123-4567", masked: 1, detectedSource: "en", machineDraft: true });

      const client = await callJson(translateApi, { path: "/api/translate", method: "POST", as: cast.clientA, body: { text: "Hi", target: "fr" } });
      expect(client.status).toBe(403);
      const otherStaff = await makeUser(db(), { role: "staff", features: ["inbox"] });
      expect((await callJson(translateApi, { path: "/api/translate", method: "POST", as: otherStaff, body: { text: "Hi", target: "fr" } })).status).toBe(403);

      const tooLong = await callJson<{ message: string }>(translateApi, {
        path: "/api/translate",
        method: "POST",
        as: cast.admin,
        body: { text: "a".repeat(5_001), source: "en", target: "fr" },
      });
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

describe("the translation service's address check (a stub resolver: no name is looked up, nothing is sent)", () => {
  const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
  const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });
  const names: Record<string, ResolvedAddress[]> = {
    "metadata.example.test": [v4("169.254.169.254")],
    "link-local.example.test": [v4("169.254.10.20")],
    "link-local6.example.test": [v6("fe80::1")],
    "aws6.example.test": [v6("fd00:ec2::254")],
    "alibaba.example.test": [v4("100.100.100.200")],
    "mapped.example.test": [v6("::ffff:169.254.169.254")],
    "mapped-hex.example.test": [v6("::ffff:a9fe:a9fe")],
    "private.example.test": [v4("10.0.0.7")],
    "lan.example.test": [v4("192.168.1.20"), v6("fd12:3456::20")],
    "mixed.example.test": [v4("93.184.216.34"), v4("10.0.0.7")],
    "mixed-metadata.example.test": [v4("93.184.216.34"), v4("169.254.169.254")],
    "public.example.test": [v4("93.184.216.34"), v6("2606:2800:220:1:248:1893:25c8:1946")],
    "empty.example.test": [],
  };
  const stub = async (hostname: string) => {
    const answer = names[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer;
  };
  const verdict = async (url: string, allowPrivate: boolean) => {
    const check = await checkHost(new URL(url).hostname, { allowPrivate, resolve: stub });
    return check.ok ? "ok" : check.reason;
  };

  it("sorts addresses into public, private and forbidden", () => {
    const kinds = (addresses: string[]) => addresses.map((address) => [address, addressKind(address)]);
    const forbidden = [
      "169.254.169.254",
      "169.254.0.1",
      "fe80::1",
      "febf::1",
      "fd00:ec2::254",
      "100.100.100.200",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.0.192",
      "::",
      "::ffff:169.254.169.254",
      "::a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "2002:a9fe:a9fe::1",
      "2001:0:a9fe::1",
      "fec0::1",
      "ff02::1",
      "not an address",
    ];
    const private_ = [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "100.64.0.1",
      "100.127.255.254",
      "::1",
      "fc00::1",
      "fd12:3456::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ];
    const public_ = ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "169.253.255.255", "2606:4700:4700::1111", "::ffff:8.8.8.8"];
    expect(kinds(forbidden)).toEqual(forbidden.map((address) => [address, "forbidden"]));
    expect(kinds(private_)).toEqual(private_.map((address) => [address, "private"]));
    expect(kinds(public_)).toEqual(public_.map((address) => [address, "public"]));
  });

  it("refuses a name if any address it resolves to is refused; private ones only when allowed", async () => {
    const cases = Object.keys(names).map((name) => `http://${name}:5000/`);
    const results = async (allowPrivate: boolean) =>
      Object.fromEntries(await Promise.all(cases.map(async (url) => [new URL(url).hostname, await verdict(url, allowPrivate)])));
    expect(await results(false)).toEqual({
      "metadata.example.test": "forbidden",
      "link-local.example.test": "forbidden",
      "link-local6.example.test": "forbidden",
      "aws6.example.test": "forbidden",
      "alibaba.example.test": "forbidden",
      "mapped.example.test": "forbidden",
      "mapped-hex.example.test": "forbidden",
      "private.example.test": "private",
      "lan.example.test": "private",
      "mixed.example.test": "private",
      "mixed-metadata.example.test": "forbidden",
      "public.example.test": "ok",
      "empty.example.test": "unresolved",
    });
    expect(await results(true)).toMatchObject({
      "private.example.test": "ok",
      "lan.example.test": "ok",
      "mixed.example.test": "ok",
      "mixed-metadata.example.test": "forbidden",
      "metadata.example.test": "forbidden",
    });
    expect(await verdict("http://nowhere.example.test/", true)).toBe("unresolved");
    expect(await checkHost("mixed.example.test", { allowPrivate: true, resolve: stub })).toEqual({ ok: true, addresses: names["mixed.example.test"] });
  });

  it("reads every written form of an address the way a connection would, and refuses metadata names without looking them up", async () => {
    const forbidden = [
      "http://169.254.169.254/latest/meta-data/",
      "http://2852039166/",
      "http://0xA9FEA9FE/",
      "http://0xa9.0xfe.0xa9.0xfe/",
      "http://0251.0376.0251.0376/",
      "http://0251.254.43518/",
      "http://169.254.169.254./",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://[fe80::a9fe:a9fe]/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://0/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://METADATA.GOOGLE.INTERNAL./",
      "http://metadata/",
    ];
    expect(await Promise.all(forbidden.map(async (url) => [url, await verdict(url, true)]))).toEqual(forbidden.map((url) => [url, "forbidden"]));
    const private_ = [
      "http://127.0.0.1:5000/",
      "http://2130706433/",
      "http://0x7f000001/",
      "http://017700000001/",
      "http://127.1/",
      "http://[::1]:5000/",
      "http://[::ffff:127.0.0.1]/",
      "http://012.0.0.1/",
    ];
    expect(await Promise.all(private_.map(async (url) => [url, await verdict(url, false)]))).toEqual(private_.map((url) => [url, "private"]));
    expect(await Promise.all(private_.map(async (url) => [url, await verdict(url, true)]))).toEqual(private_.map((url) => [url, "ok"]));
  });
});
