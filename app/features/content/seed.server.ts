import fs from "node:fs";
import path from "node:path";
import { faqs, firm, footer, locales, sections, services, stats, testimonials } from "../../../db/seed/content/firm";
import type { DB } from "~/lib/db/connection.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";

const LEGAL_DIR = path.resolve("db/seed/content/legal");
export const LEGAL_DOCUMENTS = ["terms-of-service", "privacy-policy", "cookie-policy"] as const;

/** Weekly hours in the availability table's shape (ISO weekday 1 = Monday → ranges). */
const WEEKDAY_NUMBERS: Record<string, string> = { Mo: "1", Tu: "2", We: "3", Th: "4", Fr: "5", Sa: "6", Su: "7" };
export function weeklyHoursFromFirm(): Record<string, Array<{ start: string; end: string }>> {
  const weekly: Record<string, Array<{ start: string; end: string }>> = {};
  for (const range of firm.hours) {
    for (const day of range.days) {
      const number = WEEKDAY_NUMBERS[day];
      if (number) (weekly[number] ??= []).push({ start: range.opens, end: range.closes });
    }
  }
  return weekly;
}

/**
 * The firm's public content, written on first start in three languages.
 * Idempotent: rows that exist (perhaps edited by an admin since) are left alone.
 */
export async function seedPublicContent(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existingServices = new Set((await trx.selectFrom("services").select("key").execute()).map((row) => row.key));
    for (const service of services) {
      if (existingServices.has(service.key)) continue;
      const id = newId();
      await trx
        .insertInto("services")
        .values({
          id,
          key: service.key,
          icon: service.icon,
          sortOrder: service.sortOrder,
          durationMinutes: service.durationMinutes,
          priceFromCents: service.priceFromCents,
        })
        .execute();
      await trx
        .insertInto("serviceTranslations")
        .values(locales.map((locale) => ({ serviceId: id, locale, ...service.i18n[locale] })))
        .execute();
    }

    const faqCount = await trx
      .selectFrom("faqs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(faqCount.count) === 0) {
      for (const faq of faqs) {
        const id = newId();
        await trx.insertInto("faqs").values({ id, sortOrder: faq.sortOrder }).execute();
        await trx
          .insertInto("faqTranslations")
          .values(locales.map((locale) => ({ faqId: id, locale, ...faq.i18n[locale] })))
          .execute();
      }
    }

    const testimonialCount = await trx
      .selectFrom("testimonials")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(testimonialCount.count) === 0) {
      await trx
        .insertInto("testimonials")
        .values(
          testimonials.map((testimonial, index) => ({
            id: newId(),
            authorName: testimonial.authorName,
            rating: testimonial.rating,
            i18n: toJson(testimonial.i18n),
            sortOrder: index,
            // The fictional firm's own samples: published from the start, so their consent is dated now (docs/decisions/019).
            consentRecordedAt: new Date().toISOString(),
          })),
        )
        .execute();
    }

    const sectionRows: Array<{ key: string; locale: string; data: string }> = [
      { key: "firm", locale: "*", data: toJson(firm) },
      { key: "stats", locale: "*", data: toJson({ items: stats }) },
    ];
    for (const [key, byLocale] of Object.entries(sections)) {
      for (const locale of locales) sectionRows.push({ key, locale, data: toJson(byLocale[locale]) });
    }
    for (const locale of locales) sectionRows.push({ key: "footer", locale, data: toJson(footer[locale]) });
    for (const document of LEGAL_DOCUMENTS) {
      for (const locale of locales) {
        const file = path.join(LEGAL_DIR, locale, `${document}.md`);
        if (fs.existsSync(file)) {
          sectionRows.push({ key: `legal.${document}`, locale, data: toJson({ markdown: fs.readFileSync(file, "utf8") }) });
        }
      }
    }
    await trx
      .insertInto("contentSections")
      .values(sectionRows)
      .onConflict((oc) => oc.columns(["key", "locale"]).doNothing())
      .execute();

    await trx
      .insertInto("availabilitySettings")
      .values({
        id: "default",
        timeZone: firm.timeZone,
        slotMinutes: 30,
        bufferMinutes: 0,
        minNoticeHours: 24,
        maxDaysAhead: 60,
        weeklyHours: toJson(weeklyHoursFromFirm()),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();

    await trx
      .insertInto("translationSettings")
      .values({
        id: "default",
        allowedFileTypes: toJson(["pdf", "doc", "docx", "txt", "rtf", "odt", "png", "jpg"]),
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  });
}
