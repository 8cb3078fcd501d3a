import { DateTime } from "luxon";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { userColumnSql } from "~/core/identity/directory.server";
import { invalid, notFound } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { toJson } from "~/lib/db/connection.server";
import { db } from "~/lib/db/db.server";
import { supportedLanguages, type Language } from "~/lib/i18n/config";
import { newId } from "~/lib/ids.server";
import { countCapped } from "~/lib/pagination.server";
import { offsetOf, toPage, type Page, type PageRequest } from "~/lib/pagination";
import { deleteStoredFile, readStoredFile } from "~/lib/storage.server";
import type { AnnouncementAudience, AnnouncementLevel } from "./content";
import { clearPublicCache, LOGO_RECORD_TYPE, TESTIMONIAL_PHOTO_RECORD_TYPE } from "./content.server";
import { processImage, storeImage } from "./images.server";
import type { AnnouncementInput, FaqInput, LogoInput, TestimonialInput } from "./site-media.schema";

/**
 * The back-office side of the website's FAQs, testimonials, client logos and announcements
 * (owner and admins). Every change empties the public caches at once
 * (clearPublicCache), so the public site shows it on its next page view.
 */
type Actor = { id: string };
type Upload = { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };

/** Curated lists: a firm shows a few dozen of each; the cap keeps every read bounded. */
export const MAX_ITEMS = 100;

type OrderedTable = "faqs" | "testimonials" | "logos";
/** The audit family and record type of each ordered table's rows. */
const ORDERED_RECORD = { faqs: "faq", testimonials: "testimonial", logos: "logo" } as const;

async function nextSortOrder(table: OrderedTable): Promise<number> {
  const row = await db()
    .selectFrom(table as "faqs")
    .select((eb) => [eb.fn.max("sortOrder").as("top"), eb.fn.countAll<number>().as("count")])
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= MAX_ITEMS) throw invalid("site-media:errors.tooMany", { params: { max: MAX_ITEMS } });
  return row.top === null ? 0 : Number(row.top) + 1;
}

/** Moves a row one place up or down (swaps it with its neighbour); the order is renumbered 0…n on the way. */
/** Moves a row one place up or down; a move that changes the order is audited. */
async function moveRow(actor: Actor, table: OrderedTable, id: string, direction: "up" | "down"): Promise<void> {
  const moved = await db()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom(table as "faqs")
        .select(["id", "sortOrder"])
        .orderBy("sortOrder")
        .orderBy("id")
        .limit(MAX_ITEMS + 1)
        .execute();
      const at = rows.findIndex((row) => row.id === id);
      if (at < 0) throw notFound("site-media:errors.notFound");
      const to = direction === "up" ? at - 1 : at + 1;
      if (to < 0 || to >= rows.length) return false;
      [rows[at], rows[to]] = [rows[to]!, rows[at]!];
      for (const [index, row] of rows.entries()) {
        if (row.sortOrder !== index)
          await trx
            .updateTable(table as "faqs")
            .set({ sortOrder: index })
            .where("id", "=", row.id)
            .execute();
      }
      return true;
    });
  const record = ORDERED_RECORD[table];
  if (moved) await audit({ actorId: actor.id, action: `${record}.moved`, targetType: record, targetId: id, meta: { direction } });
  clearPublicCache();
}

// ——— FAQs ———

export type AdminFaq = { id: string; sortOrder: number; active: boolean; translations: Partial<Record<Language, { question: string; answer: string }>> };

export async function listFaqsForAdmin(): Promise<AdminFaq[]> {
  const faqs = await db().selectFrom("faqs").select(["id", "sortOrder", "active"]).orderBy("sortOrder").orderBy("id").limit(MAX_ITEMS).execute();
  if (faqs.length === 0) return [];
  const translations = await db()
    .selectFrom("faqTranslations")
    .select(["faqId", "locale", "question", "answer"])
    .where(
      "faqId",
      "in",
      faqs.map((faq) => faq.id),
    )
    .execute();
  return faqs.map((faq) => ({
    ...faq,
    translations: Object.fromEntries(
      translations.filter((row) => row.faqId === faq.id).map((row) => [row.locale, { question: row.question, answer: row.answer }]),
    ),
  }));
}

export async function findFaqForAdmin(id: string): Promise<AdminFaq> {
  const faq = await db().selectFrom("faqs").select(["id", "sortOrder", "active"]).where("id", "=", id).executeTakeFirst();
  if (!faq) throw notFound("site-media:errors.notFound");
  const rows = await db().selectFrom("faqTranslations").select(["locale", "question", "answer"]).where("faqId", "=", id).execute();
  return { ...faq, translations: Object.fromEntries(rows.map((row) => [row.locale, { question: row.question, answer: row.answer }])) };
}

/** A new FAQ, written in one language first (the others are added in their tabs); it goes last. */
export async function createFaq(actor: Actor, input: FaqInput): Promise<string> {
  const id = newId();
  const sortOrder = await nextSortOrder("faqs");
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("faqs").values({ id, sortOrder, active: true }).execute();
      await trx.insertInto("faqTranslations").values({ faqId: id, locale: input.language, question: input.question, answer: input.answer }).execute();
    });
  await audit({ actorId: actor.id, action: "faq.created", targetType: "faq", targetId: id, meta: { language: input.language } });
  clearPublicCache();
  return id;
}

/** Writes a FAQ's question and answer in one language (adds the language when it had none). */
export async function saveFaqTranslation(actor: Actor, id: string, input: FaqInput): Promise<void> {
  await findFaqForAdmin(id);
  await db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("faqTranslations")
        .set({ question: input.question, answer: input.answer })
        .where("faqId", "=", id)
        .where("locale", "=", input.language)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto("faqTranslations").values({ faqId: id, locale: input.language, question: input.question, answer: input.answer }).execute();
      }
      await trx.updateTable("faqs").set({ updatedAt: new Date().toISOString() }).where("id", "=", id).execute();
    });
  await audit({ actorId: actor.id, action: "faq.updated", targetType: "faq", targetId: id, meta: { language: input.language } });
  clearPublicCache();
}

export function moveFaq(actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  return moveRow(actor, "faqs", id, direction);
}

/** Hides a FAQ from the public site, or shows it again. */
export async function setFaqActive(actor: Actor, id: string, active: boolean): Promise<void> {
  const result = await db().updateTable("faqs").set({ active, updatedAt: new Date().toISOString() }).where("id", "=", id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("site-media:errors.notFound");
  await audit({ actorId: actor.id, action: active ? "faq.shown" : "faq.hidden", targetType: "faq", targetId: id });
  clearPublicCache();
}

// ——— testimonials ———

export type AdminTestimonial = {
  id: string;
  authorName: string;
  authorTitle: string;
  quote: string;
  rating: number;
  language: Language;
  published: boolean;
  sortOrder: number;
  consentRecordedAt: string | null;
  consentRecordedByName: string | null;
  photo: { fileId: string; width: number; height: number } | null;
};

function testimonialQuery() {
  return db()
    .selectFrom("testimonials as t")
    .select([
      "t.id",
      "t.authorName",
      "t.rating",
      "t.i18n",
      "t.language",
      "t.published",
      "t.sortOrder",
      "t.consentRecordedAt",
      userColumnSql("t.consentRecordedBy", "fullName").as("consentRecordedByName"),
      "t.photoFileId",
      "t.photoWidth",
      "t.photoHeight",
    ]);
}

function toAdminTestimonial(row: Awaited<ReturnType<ReturnType<typeof testimonialQuery>["executeTakeFirstOrThrow"]>>): AdminTestimonial {
  const language = (supportedLanguages as readonly string[]).includes(row.language) ? (row.language as Language) : "en";
  const texts = row.i18n as Record<string, { quote?: string; authorTitle?: string } | undefined>;
  const text = texts[language] ?? {};
  return {
    id: row.id,
    authorName: row.authorName,
    authorTitle: text.authorTitle ?? "",
    quote: text.quote ?? "",
    rating: row.rating,
    language,
    published: row.published,
    sortOrder: row.sortOrder,
    consentRecordedAt: row.consentRecordedAt,
    consentRecordedByName: row.consentRecordedByName ?? null,
    photo: row.photoFileId && row.photoWidth && row.photoHeight ? { fileId: row.photoFileId, width: row.photoWidth, height: row.photoHeight } : null,
  };
}

export async function listTestimonialsForAdmin(): Promise<AdminTestimonial[]> {
  const rows = await testimonialQuery().orderBy("t.sortOrder").orderBy("t.id").limit(MAX_ITEMS).execute();
  return rows.map(toAdminTestimonial);
}

export async function findTestimonialForAdmin(id: string): Promise<AdminTestimonial> {
  const row = await testimonialQuery().where("t.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("site-media:errors.notFound");
  return toAdminTestimonial(row);
}

/**
 * Adds or edits a testimonial. Consent is recorded with who recorded it and when; unticking it
 * removes it. A testimonial without consent cannot be published (the public list also checks).
 * A new photo is checked and re-encoded (images.server.ts) and replaces the previous one.
 */
export async function saveTestimonial(actor: Actor, input: TestimonialInput, photo: Upload | null): Promise<string> {
  const existing = input.id ? await findTestimonialForAdmin(input.id) : null;
  const consentGiven = Boolean(input.consent);
  if (input.published && !consentGiven) throw invalid("site-media:testimonials.errors.consentRequired", { field: "published" });
  const processed = photo && photo.size > 0 ? await processImage("photo", photo, "photo") : null;

  const now = new Date().toISOString();
  const consent = consentGiven
    ? existing?.consentRecordedAt
      ? {}
      : { consentRecordedAt: now, consentRecordedBy: actor.id }
    : { consentRecordedAt: null, consentRecordedBy: null };
  const id = existing?.id ?? newId();
  // The quote in the language it was given; other languages a seeded sample carries are kept.
  const previousTexts = existing
    ? (((await db().selectFrom("testimonials").select("i18n").where("id", "=", id).executeTakeFirstOrThrow()).i18n ?? {}) as Record<string, unknown>)
    : {};
  const i18n = { ...previousTexts, [input.language]: { quote: input.quote, authorTitle: input.authorTitle ?? "" } };
  const values = {
    authorName: input.authorName,
    rating: input.rating,
    language: input.language,
    published: Boolean(input.published),
    i18n: toJson(i18n),
    updatedAt: now,
    ...consent,
  };
  if (existing) {
    await db().updateTable("testimonials").set(values).where("id", "=", id).execute();
  } else {
    await db()
      .insertInto("testimonials")
      .values({ id, sortOrder: await nextSortOrder("testimonials"), createdAt: now, ...values })
      .execute();
  }

  const oldPhoto = existing?.photo?.fileId ?? null;
  if (processed) {
    const stored = await storeImage(processed, photo!.name, { uploadedBy: actor.id, recordType: TESTIMONIAL_PHOTO_RECORD_TYPE, recordId: id });
    await db()
      .updateTable("testimonials")
      .set({ photoFileId: stored.id, photoWidth: processed.width, photoHeight: processed.height })
      .where("id", "=", id)
      .execute();
    if (oldPhoto) await deleteStoredFile(oldPhoto);
  } else if (input.removePhoto && oldPhoto) {
    await db().updateTable("testimonials").set({ photoFileId: null, photoWidth: null, photoHeight: null }).where("id", "=", id).execute();
    await deleteStoredFile(oldPhoto);
  }
  if (consentGiven && !existing?.consentRecordedAt)
    await audit({ actorId: actor.id, action: "testimonial.consent_recorded", targetType: "testimonial", targetId: id });
  await audit({
    actorId: actor.id,
    action: existing ? "testimonial.updated" : "testimonial.created",
    targetType: "testimonial",
    targetId: id,
    meta: { published: values.published },
  });
  clearPublicCache();
  return id;
}

export function moveTestimonial(actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  return moveRow(actor, "testimonials", id, direction);
}

// ——— client logos ———

export type AdminLogo = {
  id: string;
  name: string;
  websiteUrl: string | null;
  fileId: string | null;
  width: number | null;
  height: number | null;
  published: boolean;
  sortOrder: number;
};

const LOGO_COLUMNS = ["id", "name", "websiteUrl", "fileId", "width", "height", "published", "sortOrder"] as const;

export function listLogosForAdmin(): Promise<AdminLogo[]> {
  return db().selectFrom("logos").select(LOGO_COLUMNS).orderBy("sortOrder").orderBy("id").limit(MAX_ITEMS).execute();
}

export async function findLogoForAdmin(id: string): Promise<AdminLogo> {
  const logo = await db().selectFrom("logos").select(LOGO_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!logo) throw notFound("site-media:errors.notFound");
  return logo;
}

/** Adds a logo (its image is required) or edits one (a new image replaces the old). */
export async function saveLogo(actor: Actor, input: LogoInput, image: Upload | null): Promise<string> {
  const existing = input.id ? await findLogoForAdmin(input.id) : null;
  const hasImage = image !== null && image.size > 0;
  if (!existing && !hasImage) throw invalid("site-media:images.errors.required", { field: "image" });
  const processed = hasImage ? await processImage("logo", image, "image") : null;
  const id = existing?.id ?? newId();
  const values = { name: input.name, websiteUrl: input.websiteUrl || null, published: Boolean(input.published) };
  if (existing) await db().updateTable("logos").set(values).where("id", "=", id).execute();
  else
    await db()
      .insertInto("logos")
      .values({ id, sortOrder: await nextSortOrder("logos"), ...values })
      .execute();
  if (processed) {
    const stored = await storeImage(processed, image!.name, { uploadedBy: actor.id, recordType: LOGO_RECORD_TYPE, recordId: id });
    await db().updateTable("logos").set({ fileId: stored.id, width: processed.width, height: processed.height }).where("id", "=", id).execute();
    if (existing?.fileId) await deleteStoredFile(existing.fileId);
  }
  await audit({
    actorId: actor.id,
    action: existing ? "logo.updated" : "logo.created",
    targetType: "logo",
    targetId: id,
    meta: { published: values.published },
  });
  clearPublicCache();
  return id;
}

export function moveLogo(actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  return moveRow(actor, "logos", id, direction);
}

// ——— announcements ———

export type AnnouncementState = "live" | "scheduled" | "ended" | "off";

export type AdminAnnouncement = {
  id: string;
  messages: Partial<Record<Language, string>>;
  audience: AnnouncementAudience;
  level: AnnouncementLevel;
  startsAt: string | null;
  endsAt: string | null;
  dismissible: boolean;
  active: boolean;
  linkUrl: string | null;
  state: AnnouncementState;
};

/** What an announcement is at an instant: off (switched off), scheduled (not started), ended, or live now. */
export function announcementState(row: { active: boolean; startsAt: string | null; endsAt: string | null }, now: Date): AnnouncementState {
  if (!row.active) return "off";
  const instant = now.toISOString();
  if (row.endsAt && row.endsAt <= instant) return "ended";
  if (row.startsAt && row.startsAt > instant) return "scheduled";
  return "live";
}

const ANNOUNCEMENT_COLUMNS = ["id", "i18n", "audience", "level", "startsAt", "endsAt", "dismissible", "active", "linkUrl", "createdAt"] as const;

function toAdminAnnouncement(
  row: {
    id: string;
    i18n: unknown;
    audience: string;
    level: string;
    startsAt: string | null;
    endsAt: string | null;
    dismissible: boolean;
    active: boolean;
    linkUrl: string | null;
  },
  now: Date,
): AdminAnnouncement {
  const texts = (row.i18n ?? {}) as Record<string, { message?: string } | undefined>;
  return {
    id: row.id,
    messages: Object.fromEntries(supportedLanguages.flatMap((language) => (texts[language]?.message ? [[language, texts[language]!.message!]] : []))),
    audience: (row.audience as AnnouncementAudience) ?? "public",
    level: (row.level as AnnouncementLevel) ?? "info",
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    dismissible: row.dismissible,
    active: row.active,
    linkUrl: row.linkUrl,
    state: announcementState(row, now),
  };
}

/** Announcements newest first, a page at a time. */
export async function listAnnouncementsForAdmin(request: PageRequest, now: Date = new Date()): Promise<Page<AdminAnnouncement>> {
  const base = db().selectFrom("announcements");
  const [rows, total] = await Promise.all([
    base.select(ANNOUNCEMENT_COLUMNS).orderBy("createdAt", "desc").orderBy("id", "desc").limit(request.perPage).offset(offsetOf(request)).execute(),
    countCapped(base.select("id")),
  ]);
  return toPage(
    rows.map((row) => toAdminAnnouncement(row, now)),
    total,
    request,
  );
}

export async function findAnnouncementForAdmin(id: string, now: Date = new Date()): Promise<AdminAnnouncement> {
  const row = await db().selectFrom("announcements").select(ANNOUNCEMENT_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("site-media:errors.notFound");
  return toAdminAnnouncement(row, now);
}

/** A `datetime-local` value in the office's zone as an instant (ISO, UTC); null when empty. */
export function officeLocalToIso(value: string | undefined, timeZone: string): string | null {
  if (!value) return null;
  const local = DateTime.fromISO(value, { zone: timeZone });
  if (!local.isValid) throw invalid("common:validation.invalidDate");
  return local.toUTC().toISO({ suppressMilliseconds: false })!;
}

/** An instant as the `datetime-local` value of the office's zone (for the edit form). */
export function isoToOfficeLocal(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  return DateTime.fromISO(iso, { zone: "utc" }).setZone(timeZone).toFormat("yyyy-MM-dd'T'HH:mm");
}

export async function saveAnnouncement(actor: Actor, input: AnnouncementInput): Promise<string> {
  const existing = input.id ? await findAnnouncementForAdmin(input.id) : null;
  const zone = await getOfficeTimeZone();
  const startsAt = officeLocalToIso(input.startsAt, zone);
  const endsAt = officeLocalToIso(input.endsAt, zone);
  const i18n: Record<string, { message: string }> = { en: { message: input.messageEn } };
  if (input.messageAr) i18n.ar = { message: input.messageAr };
  if (input.messageFr) i18n.fr = { message: input.messageFr };
  const now = new Date().toISOString();
  const values = {
    i18n: toJson(i18n),
    audience: input.audience,
    level: input.level,
    startsAt,
    endsAt,
    dismissible: Boolean(input.dismissible),
    active: Boolean(input.active),
    linkUrl: input.linkUrl || null,
    updatedAt: now,
  };
  const id = existing?.id ?? newId();
  if (existing) await db().updateTable("announcements").set(values).where("id", "=", id).execute();
  else
    await db()
      .insertInto("announcements")
      .values({ id, createdBy: actor.id, createdAt: now, ...values })
      .execute();
  await audit({
    actorId: actor.id,
    action: existing ? "announcement.updated" : "announcement.created",
    targetType: "announcement",
    targetId: id,
    meta: { audience: input.audience, active: values.active },
  });
  clearPublicCache();
  return id;
}

/** Ends an announcement now (it stays in the list as ended). */
export async function endAnnouncementNow(actor: Actor, id: string): Promise<void> {
  const now = new Date().toISOString();
  const result = await db().updateTable("announcements").set({ endsAt: now, updatedAt: now }).where("id", "=", id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("site-media:errors.notFound");
  await audit({ actorId: actor.id, action: "announcement.ended", targetType: "announcement", targetId: id });
  clearPublicCache();
}

/**
 * A logo's or testimonial photo's picture for the back-office's own screens, published or not
 * (the public routes serve published ones only). Null for any other file.
 */
export async function readSiteImageForAdmin(kind: "logo" | "photo", fileId: string): Promise<{ mimeType: string; content: Buffer } | null> {
  const owner =
    kind === "logo"
      ? await db().selectFrom("logos").select("id").where("fileId", "=", fileId).executeTakeFirst()
      : await db().selectFrom("testimonials").select("id").where("photoFileId", "=", fileId).executeTakeFirst();
  if (!owner) return null;
  const stored = await readStoredFile(fileId);
  const recordType = kind === "logo" ? LOGO_RECORD_TYPE : TESTIMONIAL_PHOTO_RECORD_TYPE;
  if (!stored || stored.file.recordType !== recordType || stored.file.recordId !== owner.id || !stored.file.mimeType.startsWith("image/")) return null;
  return { mimeType: stored.file.mimeType, content: stored.content };
}
