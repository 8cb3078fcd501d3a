// The machine-translation area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export {
  GlossaryAddSchema,
  MAX_TEXT_LENGTH,
  MT_LANGUAGES,
  type MtLanguage,
  parseGlossaryQuery,
  TranslateApiSchema,
  TranslateFormSchema,
} from "./machine-translation.schema";
