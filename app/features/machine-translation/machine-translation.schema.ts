import { z } from "zod";
import { parseListQuery } from "~/lib/pagination";

/** Forms and API bodies of the machine translation; messages are i18n keys. */
export const MT_LANGUAGES = ["en", "ar", "fr"] as const;
export type MtLanguage = (typeof MT_LANGUAGES)[number];
/** The longest text one request translates (characters), checked on the server. */
export const MAX_TEXT_LENGTH = 5_000;

const language = z.enum(MT_LANGUAGES, { errorMap: () => ({ message: "translation-tool:errors.languageRequired" }) });
const sourceLanguage = z.enum(["auto", ...MT_LANGUAGES], { errorMap: () => ({ message: "translation-tool:errors.languageRequired" }) });
const text = z
  .string({ required_error: "translation-tool:errors.textRequired" })
  .refine((value) => value.trim() !== "", "translation-tool:errors.textRequired")
  .refine((value) => value.length <= MAX_TEXT_LENGTH, "translation-tool:errors.textTooLong");

/** /dashboard/translation: translate, or swap the languages (and the translation into the text box). */
export const TranslateFormSchema = z.object({
  intent: z.enum(["translate", "swap"]).default("translate"),
  source: sourceLanguage.default("auto"),
  target: language,
  text,
  translation: z
    .string()
    .max(MAX_TEXT_LENGTH * 4)
    .optional(),
});

/** POST /api/translate. */
export const TranslateApiSchema = z.object({
  text,
  source: sourceLanguage.default("auto"),
  target: language,
});

const term = (required: string, tooLong: string) =>
  z
    .string({ required_error: required })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, required).max(200, tooLong));

export const GlossaryAddSchema = z
  .object({
    sourceLanguage: language,
    targetLanguage: language,
    sourceTerm: term("translation-tool:glossary.errors.sourceTermRequired", "translation-tool:glossary.errors.termTooLong"),
    targetTerm: term("translation-tool:glossary.errors.targetTermRequired", "translation-tool:glossary.errors.termTooLong"),
    note: z.string().trim().max(500, "translation-tool:glossary.errors.noteTooLong").optional(),
  })
  .refine((value) => value.sourceLanguage !== value.targetLanguage, { message: "translation-tool:errors.sameLanguages", path: ["targetLanguage"] });
export type GlossaryAddInput = z.infer<typeof GlossaryAddSchema>;

/** The glossary list's filters: one language pair. */
const GLOSSARY_FILTERS = { from: language, to: language };

export function parseGlossaryQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: GLOSSARY_FILTERS, defaultPerPage: 10 });
}
export type GlossaryQuery = ReturnType<typeof parseGlossaryQuery>;
