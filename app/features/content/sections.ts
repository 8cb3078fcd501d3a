import { z } from "zod";

/**
 * The editable sections of the public site (table content_sections), their shapes and how the
 * back-office edits them (/dashboard/content/{sectionId}). A per-language section has one row per
 * language; a language-neutral one (locale "*") carries its translated words inside.
 * Long texts (the proprietor's story, the legal pages) are Markdown, rendered and sanitised by
 * renderMarkdown; every other text is plain and escaped when shown.
 */
export const SECTION_IDS = [
  "hero",
  "about",
  "stats",
  "cta",
  "footer",
  "firm",
  "legal.terms-of-service",
  "legal.privacy-policy",
  "legal.cookie-policy",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const CONTENT_LANGUAGES = ["en", "ar", "fr"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export function isSectionId(value: string): value is SectionId {
  return (SECTION_IDS as readonly string[]).includes(value);
}

/** Whether the section is written once per language (else one language-neutral row, locale "*"). */
export function isLocalized(section: SectionId): boolean {
  return section !== "stats" && section !== "firm";
}

/** The fields of a per-language section, in form order; "markdown" fields are long Markdown texts. */
export type TextFieldSpec = { name: string; kind: "text" | "textarea" | "markdown"; optional?: boolean };
export const TEXT_FIELDS: Partial<Record<SectionId, TextFieldSpec[]>> = {
  hero: [
    { name: "title", kind: "text" },
    { name: "subtitle", kind: "textarea" },
  ],
  about: [
    { name: "title", kind: "text" },
    { name: "body", kind: "markdown" },
  ],
  cta: [
    { name: "title", kind: "text" },
    { name: "body", kind: "textarea" },
  ],
  footer: [{ name: "note", kind: "textarea", optional: true }],
  "legal.terms-of-service": [{ name: "markdown", kind: "markdown" }],
  "legal.privacy-policy": [{ name: "markdown", kind: "markdown" }],
  "legal.cookie-policy": [{ name: "markdown", kind: "markdown" }],
};

/** How many rows the forms offer for lists (the empty ones are dropped on save). */
export const MAX_FOOTER_LINKS = 8;
export const MAX_STATS = 8;
export const MAX_HOURS = 7;
export const WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] as const;

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.every(isBlank);
  if (typeof value === "object") return Object.values(value as Record<string, unknown>).every(isBlank);
  return false;
}

/** A list from a form: rows left empty are dropped (forms show a few spare rows). */
function rows<T extends z.ZodTypeAny>(item: T, max: number) {
  return z.preprocess((value) => (Array.isArray(value) ? value.filter((row) => !isBlank(row)) : value === undefined ? [] : value), z.array(item).max(max));
}

const line = (max: number) => z.string().trim().min(1).max(max);
const PHONE = /^\+?[\d\s().-]{7,30}$/;
const optionalLine = (max: number) => z.string().trim().max(max).optional().default("");
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "content:errors.time");
const webUrl = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "content:errors.webUrl");

const labels = z.object({ en: line(80), ar: line(80), fr: line(80) });

export const SECTION_SCHEMAS = {
  hero: z.object({ title: line(160), subtitle: line(600) }),
  about: z.object({ title: line(160), body: line(20_000) }),
  cta: z.object({ title: line(160), body: line(600) }),
  footer: z.object({
    note: optionalLine(300),
    links: rows(z.object({ label: line(80), url: webUrl }), MAX_FOOTER_LINKS),
  }),
  "legal.terms-of-service": z.object({ markdown: line(100_000) }),
  "legal.privacy-policy": z.object({ markdown: line(100_000) }),
  "legal.cookie-policy": z.object({ markdown: line(100_000) }),
  stats: z.object({
    items: rows(
      z.object({
        key: z
          .string()
          .trim()
          .regex(/^[a-z][a-z0-9_]{0,40}$/, "content:errors.statKey"),
        value: z.number().int().min(0).max(1_000_000_000),
        suffix: optionalLine(4),
        i18n: z.object({ en: z.object({ label: line(80) }), ar: z.object({ label: line(80) }), fr: z.object({ label: line(80) }) }),
      }),
      MAX_STATS,
    ).refine((items) => new Set(items.map((item) => item.key)).size === items.length, "content:errors.statKeyTwice"),
  }),
  firm: z.object({
    name: line(120),
    legalName: optionalLine(160),
    proprietor: line(120),
    proprietorTitle: labels.extend({ en: line(300), ar: line(300), fr: line(300) }),
    phone: z.string().trim().regex(PHONE, "content:errors.phone"),
    email: z.string().trim().email().max(200),
    address: z.object({ street: line(160), city: line(80), region: line(40), postalCode: line(20), country: line(2) }),
    // The ways to pay that invoices offer besides the office and the card: each only when set.
    zelleRecipient: optionalLine(200).refine(
      (value) => !value || z.string().email().safeParse(value).success || PHONE.test(value),
      "content:errors.zelleRecipient",
    ),
    checkPayee: optionalLine(160),
    hours: rows(
      z
        .object({
          days: z.preprocess((value) => (typeof value === "string" ? [value] : value), z.array(z.enum(WEEKDAYS)).min(1, "content:errors.days")),
          opens: time,
          closes: time,
        })
        .refine((range) => range.opens < range.closes, { message: "content:errors.closesBeforeOpens", path: ["closes"] }),
      MAX_HOURS,
    ),
  }),
} satisfies Record<SectionId, z.ZodTypeAny>;

export type SectionData<Id extends SectionId> = z.output<(typeof SECTION_SCHEMAS)[Id]>;

/** The locale a section's row is stored under for a language tab. */
export function storageLocale(section: SectionId, language: ContentLanguage): string {
  return isLocalized(section) ? language : "*";
}
