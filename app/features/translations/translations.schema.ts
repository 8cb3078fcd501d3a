import { z } from "zod";
import { dayFilter } from "~/lib/day-range";
import { parseListQuery } from "~/lib/pagination";
import { MAX_FILE_SIZE_MB_LIMIT, TRANSLATION_FILE_TYPES, TRANSLATION_LANGUAGES } from "./file-types";
import { TRANSLATION_STATUSES } from "./status";

/** Forms and API bodies of the translation desk; messages are i18n keys (translations namespace). */
const language = z.enum(TRANSLATION_LANGUAGES, { errorMap: () => ({ message: "translations:errors.languageRequired" }) });
const optionalId = z.string().trim().max(64).optional();
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "translations:errors.dueDateInvalid")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** A checkbox (form: "on" or absent) or a JSON boolean. */
const flag = z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean());

const differentLanguages = <T extends { sourceLanguage: string; targetLanguage: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.sourceLanguage === value.targetLanguage) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["targetLanguage"], message: "translations:errors.sameLanguages" });
  }
};

/** The Upload tab and POST /api/translation-files (the file travels beside it). */
export const UploadFormSchema = z
  .object({
    sourceLanguage: language,
    targetLanguage: language,
    notes: z.string().trim().max(2000, "translations:errors.notesTooLong").optional(),
    clientId: optionalId,
    orderId: optionalId,
    assigneeId: optionalId,
    dueDate: day,
  })
  .superRefine(differentLanguages);
export type UploadInput = z.infer<typeof UploadFormSchema>;

/** "Send to the translation desk" on an order's document (the order's staff page). */
export const SendToDeskFormSchema = z
  .object({
    intent: z.literal("toDesk"),
    documentId: z.string({ required_error: "orders:errors.documentNotFound" }).trim().min(1).max(64),
    sourceLanguage: language,
    targetLanguage: language,
  })
  .superRefine(differentLanguages);

export const StatusFormSchema = z.object({
  status: z.enum(TRANSLATION_STATUSES, { errorMap: () => ({ message: "translations:errors.statusInvalid" }) }),
  note: z.string().trim().max(1000, "translations:errors.noteTooLong").optional(),
});
export type StatusInput = z.infer<typeof StatusFormSchema>;

/** Uploading a translated file; `complete` also marks the file completed. */
export const TranslatedFormSchema = z.object({ complete: flag.optional() });

/** Assignee and due date, on the file's page. */
export const AssignFormSchema = z.object({ assigneeId: optionalId, dueDate: day });
export type AssignInput = z.infer<typeof AssignFormSchema>;

export const SettingsFormSchema = z
  .object({
    defaultSourceLanguage: language,
    defaultTargetLanguage: language,
    autoProcess: flag,
    notifyOnCompletion: flag,
    maxFileSizeMb: z.coerce
      .number({ invalid_type_error: "translations:errors.maxSizeRange", required_error: "translations:errors.maxSizeRange" })
      .int("translations:errors.maxSizeRange")
      .min(1, "translations:errors.maxSizeRange")
      .max(MAX_FILE_SIZE_MB_LIMIT, "translations:errors.maxSizeRange"),
    allowedFileTypes: z
      .array(z.enum(TRANSLATION_FILE_TYPES, { errorMap: () => ({ message: "translations:errors.typesRequired" }) }), {
        required_error: "translations:errors.typesRequired",
      })
      .min(1, "translations:errors.typesRequired"),
    apiEnabled: flag,
    apiEndpoint: z
      .string()
      .trim()
      .max(500, "translations:errors.endpointInvalid")
      .url("translations:errors.endpointInvalid")
      .refine((value) => /^https?:\/\//i.test(value), "translations:errors.endpointInvalid")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** A new key replaces the stored one; empty keeps it. */
    apiKey: z.string().trim().max(500, "translations:errors.apiKeyTooLong").optional(),
    clearApiKey: flag.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.defaultSourceLanguage === value.defaultTargetLanguage) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["defaultTargetLanguage"], message: "translations:errors.sameLanguages" });
    }
    if (value.apiEnabled && !value.apiEndpoint) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["apiEndpoint"], message: "translations:errors.endpointRequired" });
    }
  });
export type SettingsInput = z.infer<typeof SettingsFormSchema>;

const LIST_FILTERS = {
  status: z.enum(TRANSLATION_STATUSES),
  pair: z.string().regex(/^[a-z]{2}-[a-z]{2}$/),
  client: z.string().trim().min(1).max(64),
  q: z.string().trim().min(1).max(100),
  /** Days received, in the viewer's zone (the dashboard's statistics link here with them). */
  from: dayFilter,
  to: dayFilter,
};

/** `?page&perPage`, `status`, `pair` (en-ar), `client`, `q` (the file's name), `from`/`to` (days received). */
export function parseTranslationListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: LIST_FILTERS });
}
export type TranslationListQuery = ReturnType<typeof parseTranslationListQuery>;
