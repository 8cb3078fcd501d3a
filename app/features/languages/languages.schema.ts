import { z } from "zod";
import { supportedLanguages } from "~/lib/i18n/config";
import { parseListQuery } from "~/lib/pagination";

/** /dashboard/languages: which strings the table shows. */
export const STRING_FILTERS = ["all", "missing", "overridden"] as const;
export type StringFilter = (typeof STRING_FILTERS)[number];

export function parseStringListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, {
    filters: {
      language: z.enum(supportedLanguages),
      ns: z
        .string()
        .trim()
        .regex(/^[\w-]{1,60}$/),
      q: z.string().trim().max(200),
      show: z.enum(STRING_FILTERS),
    },
    defaultPerPage: 25,
  });
}
export type StringListQuery = ReturnType<typeof parseStringListQuery>;

const identity = {
  language: z.enum(supportedLanguages, { errorMap: () => ({ message: "languages:errors.unknownString" }) }),
  namespace: z
    .string({ required_error: "languages:errors.unknownString" })
    .trim()
    .regex(/^[\w-]{1,60}$/, "languages:errors.unknownString"),
  key: z
    .string({ required_error: "languages:errors.unknownString" })
    .trim()
    .min(1, "languages:errors.unknownString")
    .max(300, "languages:errors.unknownString"),
};

export const OverrideFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ...identity,
    value: z
      .string({ required_error: "languages:errors.valueRequired" })
      .trim()
      .min(1, "languages:errors.valueRequired")
      .max(5000, "languages:errors.valueTooLong"),
  }),
  z.object({ intent: z.literal("reset"), ...identity }),
]);
