import { z } from "zod";
import { supportedLanguages } from "~/lib/i18n/config";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LEVELS } from "./content";

/**
 * The forms of the website's FAQs, testimonials, logos and announcements screens. Messages are
 * i18n keys (site-media namespace, or common:validation for zod's own).
 */
export const LanguageSchema = z.enum(supportedLanguages);

/** Only http(s) addresses: a `javascript:` or `data:` link never reaches a page. */
export const WebLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "site-media:errors.linkHttp");

/** A link of the announcement bar: an address on this site ("/services") or an http(s) one. */
export const AnnouncementLinkSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")) || WebLinkSchema.safeParse(value).success,
    "site-media:errors.linkSiteOrHttp",
  );

export const FaqFormSchema = z.object({
  id: z.string().max(64).optional(),
  language: LanguageSchema,
  question: z.string().trim().min(1).max(500),
  answer: z.string().trim().min(1).max(5000),
});
export type FaqInput = z.infer<typeof FaqFormSchema>;

export const TestimonialFormSchema = z.object({
  id: z.string().max(64).optional(),
  authorName: z.string().trim().min(1).max(120),
  authorTitle: z.string().trim().max(120).optional(),
  quote: z.string().trim().min(1).max(2000),
  rating: z.enum(["1", "2", "3", "4", "5"]).transform(Number),
  language: LanguageSchema,
  consent: z.boolean().optional(),
  published: z.boolean().optional(),
  removePhoto: z.boolean().optional(),
});
export type TestimonialInput = z.infer<typeof TestimonialFormSchema>;

export const LogoFormSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(120),
  websiteUrl: WebLinkSchema.optional(),
  published: z.boolean().optional(),
});
export type LogoInput = z.infer<typeof LogoFormSchema>;

/** A `datetime-local` value ("2026-11-24T09:30"), read in the office's time zone. */
const LocalDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "common:validation.invalidDate");

export const AnnouncementFormSchema = z
  .object({
    id: z.string().max(64).optional(),
    messageEn: z.string().trim().min(1).max(300),
    messageAr: z.string().trim().max(300).optional(),
    messageFr: z.string().trim().max(300).optional(),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    level: z.enum(ANNOUNCEMENT_LEVELS),
    startsAt: LocalDateTime.optional(),
    endsAt: LocalDateTime.optional(),
    dismissible: z.boolean().optional(),
    active: z.boolean().optional(),
    linkUrl: AnnouncementLinkSchema.optional(),
  })
  .refine((value) => !value.startsAt || !value.endsAt || value.endsAt > value.startsAt, {
    path: ["endsAt"],
    message: "site-media:announcements.errors.endBeforeStart",
  });
export type AnnouncementInput = z.infer<typeof AnnouncementFormSchema>;
