import { renderMarkdown } from "~/core/markdown.server";
import { db } from "~/lib/db/db.server";
import { defineCache, invalidateCache } from "~/core/cache.server";
import { readStoredFile } from "~/lib/storage.server";
import { fallbackLanguage, type Language } from "~/lib/i18n/config";
import type {
  Announcement,
  AnnouncementAudience,
  AnnouncementLevel,
  Faq,
  FooterBlocks,
  LegalDocument,
  Logo,
  ServiceDetail,
  ServiceSummary,
  Stat,
  Testimonial,
} from "./content";
import { forgetFirm, getFirm } from "~/core/office/firm.server";

/**
 * The public website's content, read by language. Everything here is read far
 * more often than it changes, so each answer is kept in memory per language
 * until an admin edits the content (the admin screens call clearPublicCache(),
 * which empties this cache and the public page cache on every instance through
 * Redis when REDIS_URL is set) or, at the latest, for a minute (the page cache's
 * lifetime), so that instances without Redis catch up too.
 */
export const PUBLIC_CACHE = "public-content";
const publicContent = defineCache<unknown>({ name: PUBLIC_CACHE, ttlMs: 60_000 });

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  return publicContent.get(key, load) as Promise<T>;
}

/** Forgets every cached public answer and page, here and on the other instances; call it after any change to public content. */
export function clearPublicCache(): void {
  invalidateCache(PUBLIC_CACHE);
  forgetFirm();
}

async function readSection<T>(key: string, locale: string): Promise<T | null> {
  const row = await db().selectFrom("contentSections").select("data").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
  return (row?.data as T | undefined) ?? null;
}

/** A per-language section (hero, about, cta, legal.*), falling back to English when a translation is missing. */
export function getSection<T extends Record<string, unknown>>(key: string, language: Language): Promise<T | null> {
  return cached(`section:${key}:${language}`, async () => {
    return (await readSection<T>(key, language)) ?? (language === fallbackLanguage ? null : readSection<T>(key, fallbackLanguage));
  });
}

/** A per-language section's Markdown field as sanitised HTML (renderMarkdown), e.g. the proprietor's story. */
export function getSectionHtml(key: string, field: string, language: Language): Promise<string | null> {
  return cached(`section-html:${key}:${field}:${language}`, async () => {
    const section = await getSection<Record<string, unknown>>(key, language);
    const markdown = section?.[field];
    return typeof markdown === "string" && markdown ? renderMarkdown(markdown, { topHeading: 1 }) : null;
  });
}

/** The figures of the statistics section, with labels in the language asked for. */
export function getStats(language: Language): Promise<Stat[]> {
  return cached(`stats:${language}`, async () => {
    const data = await readSection<{ items?: Array<{ key: string; value: number; suffix?: string; i18n: Record<string, { label: string }> }> }>("stats", "*");
    return (data?.items ?? []).map((item) => ({
      key: item.key,
      value: item.value,
      suffix: item.suffix ?? "",
      label: (item.i18n[language] ?? item.i18n[fallbackLanguage])?.label ?? item.key,
    }));
  });
}

function serviceQuery(language: Language) {
  return db()
    .selectFrom("services")
    .innerJoin("serviceTranslations as tr", (join) => join.onRef("tr.serviceId", "=", "services.id").on("tr.locale", "=", language))
    .where("services.active", "=", true)
    .orderBy("services.sortOrder")
    .orderBy("services.key");
}

/** Active services in display order, with title and short description. */
export function listServices(language: Language): Promise<ServiceSummary[]> {
  return cached(`services:${language}`, async () => {
    const rows = await serviceQuery(language).select(["services.key", "services.icon", "services.priceFromCents", "tr.title", "tr.description"]).execute();
    if (rows.length === 0 && language !== fallbackLanguage) return listServices(fallbackLanguage);
    return rows;
  });
}

/** One active service with its full description, or null for an unknown key. */
export function getServiceByKey(key: string, language: Language): Promise<ServiceDetail | null> {
  return cached(`service:${key}:${language}`, async () => {
    const row = await serviceQuery(language)
      .where("services.key", "=", key)
      .select(["services.key", "services.icon", "services.durationMinutes", "services.priceFromCents", "tr.title", "tr.description", "tr.fullDescription"])
      .executeTakeFirst();
    if (!row && language !== fallbackLanguage) return getServiceByKey(key, fallbackLanguage);
    return row ?? null;
  });
}

/** Active FAQs in display order. */
export function listFaqs(language: Language): Promise<Faq[]> {
  return cached(`faqs:${language}`, async () => {
    const rows = await db()
      .selectFrom("faqs")
      .innerJoin("faqTranslations as tr", (join) => join.onRef("tr.faqId", "=", "faqs.id").on("tr.locale", "=", language))
      .where("faqs.active", "=", true)
      .orderBy("faqs.sortOrder")
      .orderBy("faqs.id")
      .select(["faqs.id", "tr.question", "tr.answer"])
      .limit(50)
      .execute();
    if (rows.length === 0 && language !== fallbackLanguage) return listFaqs(fallbackLanguage);
    return rows;
  });
}

/** Published testimonials in the language asked for (those without a usable text are left out). */
export function listTestimonials(language: Language): Promise<Testimonial[]> {
  return cached(`testimonials:${language}`, async () => {
    const rows = await db()
      .selectFrom("testimonials")
      .where("published", "=", true)
      // Never without the person's consent, whatever the published flag says (docs/decisions/019).
      .where("consentRecordedAt", "is not", null)
      .orderBy("sortOrder")
      .orderBy("id")
      .select(["id", "authorName", "rating", "i18n", "photoFileId", "photoWidth", "photoHeight"])
      .limit(12)
      .execute();
    return rows.flatMap((row) => {
      const texts = row.i18n as Record<string, { quote?: string; authorTitle?: string }>;
      const text = texts[language]?.quote ? texts[language] : texts[fallbackLanguage];
      if (!text?.quote) return [];
      const photo = row.photoFileId && row.photoWidth && row.photoHeight ? { fileId: row.photoFileId, width: row.photoWidth, height: row.photoHeight } : null;
      return [{ id: row.id, authorName: row.authorName, rating: row.rating, quote: text.quote, authorTitle: text.authorTitle ?? "", photo }];
    });
  });
}

/** Published client logos (name, site, and the image's size when there is one). */
export function listLogos(): Promise<Logo[]> {
  return cached("logos", () =>
    db()
      .selectFrom("logos")
      .where("published", "=", true)
      .orderBy("sortOrder")
      .orderBy("id")
      .select(["id", "name", "websiteUrl", "fileId", "width", "height"])
      .limit(24)
      .execute(),
  );
}

/** The stored files of client logos carry this record type, with the logo's id as record id. */
export const LOGO_RECORD_TYPE = "logo";
/** What a logo image may be: the raster types uploads accept (no SVG, which could carry script). */
const LOGO_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/**
 * The image of a published client logo, for anyone. Null for any other file id: unknown, a file of
 * another record (an order's document stays private), or a logo that is not published.
 */
export async function readLogoImage(fileId: string): Promise<{ mimeType: string; content: Buffer } | null> {
  const logo = await db().selectFrom("logos").select("id").where("fileId", "=", fileId).where("published", "=", true).executeTakeFirst();
  if (!logo) return null;
  const stored = await readStoredFile(fileId);
  if (!stored || stored.file.recordType !== LOGO_RECORD_TYPE || stored.file.recordId !== logo.id) return null;
  if (!LOGO_IMAGE_TYPES.has(stored.file.mimeType)) return null;
  return { mimeType: stored.file.mimeType, content: stored.content };
}

/** The stored files of testimonial photos carry this record type, with the testimonial's id as record id. */
export const TESTIMONIAL_PHOTO_RECORD_TYPE = "testimonial_photo";

/** The photo of a published testimonial (with consent), for anyone; null for any other file id. */
export async function readTestimonialPhoto(fileId: string): Promise<{ mimeType: string; content: Buffer } | null> {
  const testimonial = await db()
    .selectFrom("testimonials")
    .select("id")
    .where("photoFileId", "=", fileId)
    .where("published", "=", true)
    .where("consentRecordedAt", "is not", null)
    .executeTakeFirst();
  if (!testimonial) return null;
  const stored = await readStoredFile(fileId);
  if (!stored || stored.file.recordType !== TESTIMONIAL_PHOTO_RECORD_TYPE || stored.file.recordId !== testimonial.id) return null;
  if (!LOGO_IMAGE_TYPES.has(stored.file.mimeType)) return null;
  return { mimeType: stored.file.mimeType, content: stored.content };
}

type AnnouncementRow = {
  id: string;
  i18n: unknown;
  linkUrl: string | null;
  startsAt: string | null;
  endsAt: string | null;
  level: string;
  dismissible: boolean;
};

/**
 * The announcement shown now to an audience (visitors of the public site: public; the client area's
 * layout: clients; the dashboard's layout: staff): active, within its dates; the newest wins.
 */
export async function getCurrentAnnouncement(
  language: Language,
  now: Date = new Date(),
  audience: AnnouncementAudience = "public",
): Promise<Announcement | null> {
  // The candidates are cached; the time window is checked on every call.
  const rows = await cached<AnnouncementRow[]>(`announcements:${audience}`, () =>
    db()
      .selectFrom("announcements")
      .where("active", "=", true)
      .where("audience", "=", audience)
      .orderBy("createdAt", "desc")
      .select(["id", "i18n", "linkUrl", "startsAt", "endsAt", "level", "dismissible"])
      .limit(20)
      .execute(),
  );
  const instant = now.toISOString();
  for (const row of rows) {
    if (row.startsAt && row.startsAt > instant) continue;
    if (row.endsAt && row.endsAt <= instant) continue;
    const texts = row.i18n as Record<string, { message?: string }>;
    const message = texts[language]?.message || texts[fallbackLanguage]?.message;
    if (!message) continue;
    const level = (["info", "warning", "critical"] as const).find((known) => known === row.level) ?? "info";
    return { id: row.id, message, linkUrl: row.linkUrl, level: level satisfies AnnouncementLevel, dismissible: row.dismissible };
  }
  return null;
}

/** A legal text as sanitised HTML, rendered from the Markdown section in the language asked for. */
export function getLegalHtml(document: LegalDocument, language: Language): Promise<string | null> {
  return cached(`legal:${document}:${language}`, async () => {
    const section = await getSection<{ markdown?: string }>(`legal.${document}`, language);
    if (!section?.markdown) return null;
    return renderMarkdown(section.markdown, { topHeading: 1 });
  });
}

/** The data every public page shows around its content: the firm, the services and blocks of the footer, the announcement. */
export async function getPublicChrome(language: Language) {
  const [firm, services, footer, announcement] = await Promise.all([
    getFirm(),
    listServices(language),
    getSection<FooterBlocks>("footer", language),
    getCurrentAnnouncement(language),
  ]);
  return { firm, services, footer, announcement };
}
