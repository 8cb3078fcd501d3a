import { z } from "zod";
import { OCR_LANGUAGES } from "./limits";

/** The extractor's upload form (the file travels beside it, checked by the area's rules). */
export const ExtractFormSchema = z.object({
  languages: z
    .array(z.enum(OCR_LANGUAGES, { errorMap: () => ({ message: "extractor:errors.languages" }) }), { required_error: "extractor:errors.languages" })
    .min(1, "extractor:errors.languages")
    .max(OCR_LANGUAGES.length, "extractor:errors.languages"),
  /** Checked by the rules (size, type by content); here so the form has the field and its errors. */
  file: z.any().optional(),
});
export type ExtractFormInput = z.infer<typeof ExtractFormSchema>;

/** Texts longer than this are not offered to the translation tool in one form post (the host's 1 MB body limit). */
export const SEND_TO_TRANSLATION_MAX_CHARS = 100_000;
