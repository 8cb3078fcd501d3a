import { beforeAll, beforeEach, expect, it } from "vitest";
import {
  forgetOverrides,
  languageCoverage,
  listStrings,
  overridesVersion,
  refreshOverrides,
  resetOverride,
  saveOverride,
} from "~/features/languages/languages.server";
import { parseStringListQuery } from "~/features/languages/languages.schema";
import { placeholdersOf } from "~/features/languages/placeholders";
import { AppError } from "~/lib/app-error";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { bundledResources, resources } from "~/lib/i18n/resources.server";
import { loader as localesLoader } from "~/routes/locales+/$";
import { describeEachDialect } from "../setup/database";
import { makeUser, type TestUser } from "../support/factories";

async function localeFile(path: string): Promise<Record<string, unknown>> {
  const response = (await localesLoader({ params: { "*": path }, request: new Request(`http://localhost/locales/${path}`), context: {} })) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describeEachDialect("interface strings overridden at run time", (db) => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeUser(db(), { role: "admin" });
  });

  beforeEach(async () => {
    // Each dialect's database starts with no override: what this process loaded belongs to the other.
    forgetOverrides();
    await refreshOverrides();
  });

  it("merges an override over the bundled file: server rendering, /locales and a raised version", async () => {
    const bundled = (bundledResources().fr.common as { nav: { inbox: string } }).nav.inbox;
    const before = overridesVersion();
    await saveOverride(admin, { language: "fr", namespace: "common", key: "nav.inbox", value: "Courrier reçu" });
    expect(overridesVersion()).toBe(before + 1);

    const t = await getFixedT("fr", "common");
    expect(t("nav.inbox")).toBe("Courrier reçu");
    // Neighbours and other languages keep their bundled text; the file itself is untouched.
    expect(t("nav.profile")).toBe((bundledResources().fr.common as { nav: { profile: string } }).nav.profile);
    expect((await getFixedT("en", "common"))("nav.inbox")).toBe("Inbox");
    expect((bundledResources().fr.common as { nav: { inbox: string } }).nav.inbox).toBe(bundled);
    expect(((await localeFile("fr/common.json")) as { nav: { inbox: string } }).nav.inbox).toBe("Courrier reçu");
    expect(((await localeFile("en/common.json")) as { nav: { inbox: string } }).nav.inbox).toBe("Inbox");

    // Stored in the database: a process that loads afresh finds it.
    forgetOverrides();
    expect((resources().fr.common as { nav: { inbox: string } }).nav.inbox).toBe(bundled);
    await refreshOverrides();
    expect((resources().fr.common as { nav: { inbox: string } }).nav.inbox).toBe("Courrier reçu");
    expect(overridesVersion()).toBe(before + 1);

    await resetOverride(admin, { language: "fr", namespace: "common", key: "nav.inbox" });
    expect(overridesVersion()).toBe(before + 2);
    expect((await getFixedT("fr", "common"))("nav.inbox")).toBe(bundled);
    expect(((await localeFile("fr/common.json")) as { nav: { inbox: string } }).nav.inbox).toBe(bundled);
  });

  it("refuses an override that drops or adds a placeholder of the English string (override placeholder check)", async () => {
    // "Page {{page}} of {{pageCount}}"
    expect(placeholdersOf((bundledResources().en.common as { pagination: { pageOf: string } }).pagination.pageOf)).toEqual(["page", "pageCount"]);
    const version = overridesVersion();
    for (const value of ["Page {{page}}", "Page {{page}} sur {{pageCount}} ({{total}})", "Page {{pages}} sur {{pageCount}}"]) {
      const refused = await saveOverride(admin, { language: "fr", namespace: "common", key: "pagination.pageOf", value }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).key).toBe("languages:errors.placeholders");
      expect((refused as AppError).field).toBe("value");
      expect((refused as AppError).params.expected).toBe("{{page}} {{pageCount}}");
    }
    expect(overridesVersion()).toBe(version);
    expect(await db().selectFrom("translationOverrides").selectAll().execute()).toEqual([]);

    // The same placeholders in another order and with a format are accepted.
    await saveOverride(admin, { language: "fr", namespace: "common", key: "pagination.pageOf", value: "{{pageCount}} pages, celle-ci : {{page, number}}" });
    expect((await getFixedT("fr", "common"))("pagination.pageOf", { page: 2, pageCount: 5 })).toBe("5 pages, celle-ci : 2");
    await resetOverride(admin, { language: "fr", namespace: "common", key: "pagination.pageOf" });
  });

  it("refuses a key the English files lack", async () => {
    const refused = await saveOverride(admin, { language: "fr", namespace: "common", key: "nav.nothingHere", value: "x" }).catch((error: unknown) => error);
    expect((refused as AppError).status).toBe(404);
    const badNamespace = await saveOverride(admin, { language: "fr", namespace: "__proto__", key: "nav.inbox", value: "x" }).catch((error: unknown) => error);
    expect((badNamespace as AppError).status).toBe(404);
  });

  it("lists strings with a search over keys, English text and current values, counts coverage and overrides", async () => {
    await saveOverride(admin, { language: "ar", namespace: "common", key: "nav.inbox", value: "صندوق الرسائل الواردة" });
    const byKey = await listStrings(parseStringListQuery(new URLSearchParams("language=ar&q=nav.inbox")));
    expect(byKey.items.map((row) => `${row.namespace}:${row.key}`)).toContain("common:nav.inbox");
    const byValue = await listStrings(parseStringListQuery(new URLSearchParams("language=ar&q=الواردة")));
    expect(byValue.items.find((row) => row.key === "nav.inbox")?.override).toBe("صندوق الرسائل الواردة");
    const byEnglish = await listStrings(parseStringListQuery(new URLSearchParams("language=ar&ns=common&q=Audit log")));
    expect(byEnglish.items.map((row) => row.key)).toContain("nav.auditLog");
    const overridden = await listStrings(parseStringListQuery(new URLSearchParams("language=ar&show=overridden")));
    expect(overridden.total).toBe(1);
    // Paginated on the server.
    const firstPage = await listStrings(parseStringListQuery(new URLSearchParams("language=fr&ns=common&perPage=10")));
    expect(firstPage.items).toHaveLength(10);
    expect(firstPage.total).toBeGreaterThan(10);

    const coverage = await languageCoverage();
    const arCommon = coverage.find((row) => row.language === "ar" && row.namespace === "common")!;
    expect(arCommon.overridden).toBe(1);
    expect(arCommon.translated).toBeLessThanOrEqual(arCommon.total);
    const enCommon = coverage.find((row) => row.language === "en" && row.namespace === "common")!;
    expect(enCommon.translated).toBe(enCommon.total);
    await resetOverride(admin, { language: "ar", namespace: "common", key: "nav.inbox" });
  });

  it("lists each language's own plural forms, and takes an override of one whose count may be left out", async () => {
    const forms = async (language: string) => {
      const page = await listStrings(parseStringListQuery(new URLSearchParams(`language=${language}&ns=languages&q=strings.count_&perPage=50`)));
      return Object.fromEntries(page.items.map((row) => [row.key, { counts: row.pluralCounts, english: row.english }]));
    };
    const arabic = await forms("ar");
    expect(Object.keys(arabic)).toEqual([
      "strings.count_zero",
      "strings.count_one",
      "strings.count_two",
      "strings.count_few",
      "strings.count_many",
      "strings.count_other",
    ]);
    expect(arabic["strings.count_few"]).toEqual({ counts: [3, 4, 5], english: "{{count}} strings" });
    expect(arabic["strings.count_many"]!.counts).toEqual([11, 12, 13]);
    expect(arabic["strings.count_one"]).toEqual({ counts: [1], english: "{{count}} string" });
    const french = await forms("fr");
    expect(Object.keys(french)).toEqual(["strings.count_one", "strings.count_many", "strings.count_other"]);
    expect(french["strings.count_many"]!.counts).toEqual([1_000_000]);
    expect(Object.keys(await forms("en"))).toEqual(["strings.count_one", "strings.count_other"]);

    // Arabic's "few" takes its override; its "two" says the number in words, without {{count}}.
    await saveOverride(admin, { language: "ar", namespace: "languages", key: "strings.count_few", value: "{{count}} نصوص مختارة" });
    await saveOverride(admin, { language: "ar", namespace: "languages", key: "strings.count_two", value: "نصّان اثنان" });
    const t = await getFixedT("ar", "languages");
    expect(t("strings.count", { count: 4 })).toBe("4 نصوص مختارة");
    expect(t("strings.count", { count: 2 })).toBe("نصّان اثنان");
    // Only the count may go, and only in a plural form; a form the language does not have is unknown.
    const extra = await saveOverride(admin, { language: "ar", namespace: "languages", key: "strings.count_few", value: "{{total}} نصوص" }).catch(
      (error: unknown) => error,
    );
    expect((extra as AppError).key).toBe("languages:errors.placeholders");
    const countless = await saveOverride(admin, { language: "ar", namespace: "common", key: "pagination.pageOf", value: "الصفحة {{page}}" }).catch(
      (error: unknown) => error,
    );
    expect((countless as AppError).key).toBe("languages:errors.placeholders");
    for (const [language, key] of [
      ["fr", "strings.count_two"],
      ["en", "strings.count_few"],
    ] as const) {
      const refused = await saveOverride(admin, { language, namespace: "languages", key, value: "{{count}}" }).catch((error: unknown) => error);
      expect((refused as AppError).status).toBe(404);
    }

    // Coverage counts the language's own forms: Arabic has four more strings to say per plural than English.
    const coverage = await languageCoverage();
    const total = (language: string) => coverage.find((row) => row.language === language && row.namespace === "languages")!.total;
    const english = await listStrings(parseStringListQuery(new URLSearchParams("language=en&ns=languages&perPage=100")));
    expect(english.total).toBeLessThanOrEqual(100);
    const plurals = english.items.filter((row) => row.pluralCounts !== null && row.key.endsWith("_other")).length;
    expect(plurals).toBeGreaterThan(0);
    expect(total("ar") - total("en")).toBe(4 * plurals);
    expect(total("fr") - total("en")).toBe(plurals);
    await resetOverride(admin, { language: "ar", namespace: "languages", key: "strings.count_few" });
    await resetOverride(admin, { language: "ar", namespace: "languages", key: "strings.count_two" });
  });
});
