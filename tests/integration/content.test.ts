import { beforeAll, beforeEach, expect, it } from "vitest";
import {
  clearPublicCache,
  getCurrentAnnouncement,
  getLegalHtml,
  getServiceByKey,
  getStats,
  listFaqs,
  listServices,
  listTestimonials,
} from "~/features/content/content.server";
import { getFirm } from "~/core/office/firm.server";
import { renderMarkdown } from "~/core/markdown.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { describeEachDialect } from "../setup/database";

const HOUR = 60 * 60 * 1000;

describeEachDialect("public content", (db) => {
  beforeAll(async () => {
    await seedPublicContent(db());
  });
  beforeEach(() => clearPublicCache());

  it("reads the firm, the five services and the five FAQs in each language", async () => {
    const firm = await getFirm();
    expect(firm.name).toBe("Fairlane Tax & Translation");
    expect(firm.hours.length).toBeGreaterThan(0);

    const english = await listServices("en");
    expect(english.map((service) => service.key)).toEqual(["tax_efiling", "bookkeeping", "translation", "immigration", "notary"]);
    const arabic = await listServices("ar");
    expect(arabic.map((service) => service.key)).toEqual(english.map((service) => service.key));
    expect(arabic[0]!.title).not.toBe(english[0]!.title);

    expect(await listFaqs("fr")).toHaveLength(5);
    expect((await getStats("ar")).find((stat) => stat.key === "years_experience")?.value).toBe(20);
    expect((await listTestimonials("fr")).length).toBeGreaterThan(0);
  });

  it("finds a service by key with its full description; an unknown key is null", async () => {
    const notary = await getServiceByKey("notary", "en");
    expect(notary?.fullDescription.length).toBeGreaterThan(notary?.description.length ?? 0);
    expect(await getServiceByKey("nothing_like_this", "en")).toBeNull();
  });

  it("keeps answers until the cache is cleared", async () => {
    const before = await listServices("en");
    const key = `test_${newId().slice(0, 8)}`;
    const id = newId();
    await db().insertInto("services").values({ id, key, sortOrder: 99 }).execute();
    await db().insertInto("serviceTranslations").values({ serviceId: id, locale: "en", title: "Test", description: "d", fullDescription: "f" }).execute();
    expect(await listServices("en")).toEqual(before);
    clearPublicCache();
    expect((await listServices("en")).map((service) => service.key)).toContain(key);
    await db().deleteFrom("services").where("id", "=", id).execute();
  });

  it("shows the newest public announcement within its dates only", async () => {
    const now = new Date();
    const insert = (values: { audience?: string; startsAt?: string | null; endsAt?: string | null; active?: boolean; message: string; at: Date }) =>
      db()
        .insertInto("announcements")
        .values({
          id: newId(),
          i18n: toJson({ en: { message: values.message }, ar: { message: `ar ${values.message}` } }),
          audience: values.audience ?? "public",
          startsAt: values.startsAt ?? null,
          endsAt: values.endsAt ?? null,
          active: values.active ?? true,
          createdAt: values.at.toISOString(),
          updatedAt: values.at.toISOString(),
        })
        .execute();
    await insert({ message: "current", at: new Date(now.getTime() - 5 * HOUR), startsAt: new Date(now.getTime() - HOUR).toISOString() });
    await insert({ message: "future", at: new Date(now.getTime() - 4 * HOUR), startsAt: new Date(now.getTime() + HOUR).toISOString() });
    await insert({ message: "ended", at: new Date(now.getTime() - 3 * HOUR), endsAt: new Date(now.getTime() - HOUR).toISOString() });
    await insert({ message: "clients only", at: new Date(now.getTime() - 2 * HOUR), audience: "clients" });
    await insert({ message: "inactive", at: new Date(now.getTime() - HOUR), active: false });

    expect((await getCurrentAnnouncement("en", now))?.message).toBe("current");
    expect((await getCurrentAnnouncement("ar", now))?.message).toBe("ar current");
    // French has no text: the English one is shown.
    expect((await getCurrentAnnouncement("fr", now))?.message).toBe("current");
    // Two hours later the future one has started and is newer.
    expect((await getCurrentAnnouncement("en", new Date(now.getTime() + 2 * HOUR)))?.message).toBe("future");
    await db().deleteFrom("announcements").execute();
    clearPublicCache();
    expect(await getCurrentAnnouncement("en", now)).toBeNull();
  });

  it("renders the legal texts from Markdown in each language, sanitised", async () => {
    const english = await getLegalHtml("privacy-policy", "en");
    expect(english).toContain("<h1>Privacy Policy</h1>");
    const arabic = await getLegalHtml("cookie-policy", "ar");
    expect(arabic).toMatch(/<h1>[^<]+<\/h1>/);
    expect(arabic).not.toBe(await getLegalHtml("cookie-policy", "en"));

    const html = renderMarkdown('# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [irs](https://www.irs.gov) <img src=x onerror="alert(1)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("onerror");
    expect(html).toContain('<a href="https://www.irs.gov" rel="noopener noreferrer nofollow" target="_blank">irs</a>');
  });
});
