import sharp from "sharp";
import { DateTime } from "luxon";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { clearPublicCache, getCurrentAnnouncement, listFaqs, listLogos, listTestimonials } from "~/features/content/content.server";
import { processImage } from "~/features/content/images.server";
import { seedPublicContent } from "~/features/content/seed.server";
import {
  announcementState,
  createFaq,
  listFaqsForAdmin,
  moveFaq,
  saveAnnouncement,
  saveFaqTranslation,
  saveLogo,
  saveTestimonial,
  setFaqActive,
} from "~/features/content/site-media.server";
import { isAppError } from "~/lib/app-error";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { readStoredFile } from "~/lib/storage.server";
import * as clientLayout from "~/routes/client+/_layout";
import * as dashLayout from "~/routes/dashboard+/_layout";
import * as dashLogos from "~/routes/dashboard+/logos";
import * as resLogo from "~/routes/resources+/logos.$fileId";
import * as resPhoto from "~/routes/resources+/testimonials.$fileId";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

const HOUR = 3_600_000;

function upload(name: string, content: Buffer): File {
  return new File([new Uint8Array(content)], name, { type: "application/octet-stream" });
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 60, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

async function refusalKey(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.key;
    throw error;
  }
  throw new Error("expected a refusal");
}

describeEachDialect("the website's FAQs, testimonials, logos and announcements", (db) => {
  let cast: Cast;
  let admin: TestUser;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    admin = cast.admin;
  });
  beforeEach(() => clearPublicCache());

  // ——— announcements ———

  it("shows an announcement only between its start and its end, to its own audience", async () => {
    const now = Date.now();
    const id = newId();
    await db()
      .insertInto("announcements")
      .values({
        id,
        i18n: toJson({ en: { message: "Closed for the holiday" }, ar: { message: "مغلق بمناسبة العطلة" } }),
        audience: "public",
        level: "warning",
        dismissible: false,
        startsAt: new Date(now + HOUR).toISOString(),
        endsAt: new Date(now + 2 * HOUR).toISOString(),
        createdAt: new Date(now + 60_000).toISOString(),
      })
      .execute();
    // Before its start: not shown.
    expect((await getCurrentAnnouncement("en", new Date(now)))?.id).not.toBe(id);
    // Between start and end: shown, with its level and whether it can be closed; in Arabic too.
    expect(await getCurrentAnnouncement("en", new Date(now + 1.5 * HOUR))).toMatchObject({
      id,
      message: "Closed for the holiday",
      level: "warning",
      dismissible: false,
    });
    expect((await getCurrentAnnouncement("ar", new Date(now + 1.5 * HOUR)))?.message).toBe("مغلق بمناسبة العطلة");
    // After its end: gone.
    expect((await getCurrentAnnouncement("en", new Date(now + 2 * HOUR)))?.id).not.toBe(id);
    // Other audiences never see it.
    expect((await getCurrentAnnouncement("en", new Date(now + 1.5 * HOUR), "clients"))?.id).not.toBe(id);
    expect((await getCurrentAnnouncement("en", new Date(now + 1.5 * HOUR), "staff"))?.id).not.toBe(id);
    expect(announcementState({ active: true, startsAt: new Date(now + HOUR).toISOString(), endsAt: null }, new Date(now))).toBe("scheduled");
    expect(announcementState({ active: true, startsAt: null, endsAt: new Date(now - 1).toISOString() }, new Date(now))).toBe("ended");
    expect(announcementState({ active: false, startsAt: null, endsAt: null }, new Date(now))).toBe("off");
    expect(announcementState({ active: true, startsAt: null, endsAt: null }, new Date(now))).toBe("live");
  });

  it("reads the form's start and end in the office's time zone, and routes staff and client announcements to their layouts", async () => {
    const zone = await getOfficeTimeZone();
    const start = DateTime.now().setZone(zone).minus({ hours: 1 }).toFormat("yyyy-MM-dd'T'HH:mm");
    const end = DateTime.now().setZone(zone).plus({ days: 2 }).toFormat("yyyy-MM-dd'T'HH:mm");
    const staffId = await saveAnnouncement(admin, {
      messageEn: "Staff meeting at noon",
      audience: "staff",
      level: "info",
      startsAt: start,
      endsAt: end,
      dismissible: true,
      active: true,
    });
    const row = await db().selectFrom("announcements").select(["startsAt", "endsAt", "createdBy"]).where("id", "=", staffId).executeTakeFirstOrThrow();
    expect(Date.parse(row.startsAt!)).toBe(DateTime.fromISO(start, { zone }).toMillis());
    expect(Date.parse(row.endsAt!)).toBe(DateTime.fromISO(end, { zone }).toMillis());
    expect(row.createdBy).toBe(admin.id);

    const clientsId = await saveAnnouncement(admin, {
      messageEn: "Upload your W-2 forms",
      messageFr: "Déposez vos formulaires W-2",
      audience: "clients",
      level: "critical",
      dismissible: false,
      active: true,
      linkUrl: "/client/service-orders",
    });

    const staffLayout = (await (await call(dashLayout.loader, { path: "/dashboard", as: admin })).json()) as {
      announcement: { id: string; level: string } | null;
    };
    expect(staffLayout.announcement).toMatchObject({ id: staffId, level: "info" });
    const clientLayoutData = (await (await call(clientLayout.loader, { path: "/client?lng=fr", as: cast.clientA })).json()) as {
      announcement: { id: string; message: string; dismissible: boolean; linkUrl: string } | null;
    };
    expect(clientLayoutData.announcement).toMatchObject({
      id: clientsId,
      message: "Déposez vos formulaires W-2",
      dismissible: false,
      linkUrl: "/client/service-orders",
    });
    expect((await getCurrentAnnouncement("en", new Date(), "public"))?.id).not.toBe(staffId);

    // A link that is neither on this site nor http(s) is refused by the form's schema.
    const { AnnouncementFormSchema } = await import("~/features/content/site-media.schema");
    expect(AnnouncementFormSchema.safeParse({ messageEn: "x", audience: "public", level: "info", linkUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(
      AnnouncementFormSchema.safeParse({ messageEn: "x", audience: "public", level: "info", startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00" }).success,
    ).toBe(false);
  });

  // ——— pictures ———

  it("re-encodes and resizes an uploaded PNG logo, stores its size, and serves it to anyone once published", async () => {
    const id = await saveLogo(
      admin,
      { name: "Northwind Traders", websiteUrl: "https://northwind.example", published: true },
      upload("northwind.png", await png(800, 400)),
    );
    const logo = await db().selectFrom("logos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    // Shown 64 px high (128 px stored for sharp screens), its proportions kept.
    expect([logo.width, logo.height]).toEqual([128, 64]);
    const stored = await readStoredFile(logo.fileId!);
    expect(stored?.file.mimeType).toBe("image/webp");
    const meta = await sharp(stored!.content).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 128]);
    expect((await listLogos()).find((item) => item.id === id)).toMatchObject({ width: 128, height: 64, websiteUrl: "https://northwind.example" });

    const anyone = await call(resLogo.loader, { path: `/resources/logos/${logo.fileId}`, params: { fileId: logo.fileId! } });
    expect(anyone.status).toBe(200);
    expect(anyone.headers.get("content-type")).toBe("image/webp");

    // Unpublished: the public gets a 404, the admin's screen still shows it (uncached).
    await saveLogo(admin, { id, name: "Northwind Traders", published: false }, null);
    clearPublicCache();
    expect((await listLogos()).some((item) => item.id === id)).toBe(false);
    expect((await call(resLogo.loader, { path: `/resources/logos/${logo.fileId}`, params: { fileId: logo.fileId! } })).status).toBe(404);
    expect((await call(resLogo.loader, { path: `/resources/logos/${logo.fileId}`, params: { fileId: logo.fileId! }, as: cast.clientA })).status).toBe(404);
    const preview = await call(resLogo.loader, { path: `/resources/logos/${logo.fileId}`, params: { fileId: logo.fileId! }, as: admin });
    expect([preview.status, preview.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
  });

  it("refuses an SVG, a text file renamed .png, a broken picture and one over the size limit, with the field named", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expect(await refusalKey(processImage("logo", upload("logo.png", svg), "image"))).toBe("site-media:images.errors.svg");
    expect(await refusalKey(processImage("logo", upload("logo.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")), "image"))).toBe(
      "site-media:images.errors.svg",
    );
    expect(await refusalKey(processImage("logo", upload("logo.png", Buffer.from("just some text, not a picture")), "image"))).toBe(
      "site-media:images.errors.type",
    );
    const truncated = (await png(300, 300)).subarray(0, 60);
    expect(await refusalKey(processImage("photo", upload("me.png", truncated), "photo"))).toBe("site-media:images.errors.unreadable");
    const huge = { name: "big.png", size: 6 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(8) };
    expect(await refusalKey(processImage("photo", huge, "photo"))).toBe("site-media:images.errors.tooLarge");

    // Through the screen's form: a field error, nothing stored.
    const before = await db()
      .selectFrom("logos")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const form = new FormData();
    form.set("name", "Evil Corp");
    form.set("published", "on");
    form.set("image", new File([new Uint8Array(svg)], "evil.png", { type: "image/png" }));
    const response = await call(dashLogos.action, { path: "/dashboard/logos", method: "POST", as: admin, body: form });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.image).toEqual(["site-media:images.errors.svg"]);
    const after = await db()
      .selectFrom("logos")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  // ——— testimonials ———

  it("publishes a testimonial only with consent, recorded with who and when; its photo is a 96 px square", async () => {
    const input = {
      authorName: "Layla Haddad",
      authorTitle: "Small business owner",
      quote: "خدمة ممتازة وسريعة",
      rating: 5,
      language: "ar" as const,
      published: true,
    };
    expect(await refusalKey(saveTestimonial(admin, { ...input, consent: false }, null))).toBe("site-media:testimonials.errors.consentRequired");

    const photo = new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 600, height: 400, channels: 3, background: "#884422" } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      "layla.jpg",
    );
    const id = await saveTestimonial(admin, { ...input, consent: true }, photo);
    const row = await db().selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.consentRecordedBy).toBe(admin.id);
    expect(row.consentRecordedAt).not.toBeNull();
    expect([row.photoWidth, row.photoHeight, row.language]).toEqual([96, 96, "ar"]);
    const stored = await readStoredFile(row.photoFileId!);
    const meta = await sharp(stored!.content).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 192, 192]);

    // Shown on Arabic pages (its language), with its photo; not on English ones.
    const arabic = (await listTestimonials("ar")).find((item) => item.id === id);
    expect(arabic).toMatchObject({ quote: "خدمة ممتازة وسريعة", photo: { fileId: row.photoFileId, width: 96, height: 96 } });
    expect((await listTestimonials("en")).some((item) => item.id === id)).toBe(false);
    expect((await call(resPhoto.loader, { path: `/resources/testimonials/${row.photoFileId}`, params: { fileId: row.photoFileId! } })).status).toBe(200);

    // Editing keeps the consent as first recorded; withdrawing it while published is refused.
    const other = await makeUser(db(), { role: "admin" });
    await saveTestimonial(other, { ...input, id, consent: true, quote: "خدمة ممتازة" }, null);
    const kept = await db().selectFrom("testimonials").select(["consentRecordedBy", "consentRecordedAt"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ consentRecordedBy: admin.id, consentRecordedAt: row.consentRecordedAt });
    expect(await refusalKey(saveTestimonial(admin, { ...input, id, consent: false }, null))).toBe("site-media:testimonials.errors.consentRequired");

    // A row marked published without consent (say, written by hand) never reaches the site.
    await db().updateTable("testimonials").set({ consentRecordedAt: null }).where("id", "=", id).execute();
    clearPublicCache();
    expect((await listTestimonials("ar")).some((item) => item.id === id)).toBe(false);
    expect((await call(resPhoto.loader, { path: `/resources/testimonials/${row.photoFileId}`, params: { fileId: row.photoFileId! } })).status).toBe(404);
  });

  // ——— FAQs ———

  it("reflects a new FAQ, its Arabic translation, a move and hiding in the public list at once", async () => {
    const id = await createFaq(admin, { language: "en", question: "Do you prepare state returns?", answer: "Yes, for every state." });
    let english = await listFaqs("en");
    expect(english.at(-1)).toMatchObject({ id, question: "Do you prepare state returns?" });

    await moveFaq(admin, id, "up");
    english = await listFaqs("en");
    expect(english.at(-2)?.id).toBe(id);

    await saveFaqTranslation(admin, id, { language: "ar", question: "هل تعدّون إقرارات الولاية؟", answer: "نعم، لكل ولاية." });
    expect((await listFaqs("ar")).find((faq) => faq.id === id)?.question).toBe("هل تعدّون إقرارات الولاية؟");
    await saveFaqTranslation(admin, id, { language: "ar", question: "هل تعدّون إقرارات الولايات؟", answer: "نعم." });
    expect((await listFaqs("ar")).find((faq) => faq.id === id)?.question).toBe("هل تعدّون إقرارات الولايات؟");

    await setFaqActive(admin, id, false);
    expect((await listFaqs("en")).some((faq) => faq.id === id)).toBe(false);
    expect((await listFaqsForAdmin()).find((faq) => faq.id === id)).toMatchObject({
      active: false,
      translations: { en: { question: "Do you prepare state returns?" } },
    });
    await setFaqActive(admin, id, true);
    expect((await listFaqs("en")).some((faq) => faq.id === id)).toBe(true);

    // Moving the first one up changes nothing; an unknown id is a 404 refusal.
    const first = (await listFaqsForAdmin())[0]!.id;
    await moveFaq(admin, first, "up");
    expect((await listFaqsForAdmin())[0]!.id).toBe(first);
    expect(await refusalKey(moveFaq(admin, newId(), "down"))).toBe("site-media:errors.notFound");
    // The move that changed the order is in the audit trail; the one that changed nothing is not.
    const moves = await db().selectFrom("auditLog").select(["actorId", "targetId", "meta"]).where("action", "=", "faq.moved").execute();
    expect(moves).toEqual([{ actorId: admin.id, targetId: id, meta: { direction: "up" } }]);
  });
});
