import { z, ZodIssueCode, type ZodErrorMap } from "zod";
import { encodeMessage } from "./app-error";

/**
 * zod's own messages ("Required", "Expected string, received number") as i18n keys
 * of `common:validation`, so that every schema error is translated, in forms and in
 * the API alike. A schema's own message ("orders:errors.detailsRequired") still wins.
 * Installed once per process and once in the browser (entry files), and in tests.
 */
export const validationErrorMap: ZodErrorMap = (issue, context) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      return { message: issue.received === "undefined" || issue.received === "null" ? "common:validation.required" : "common:validation.invalidType" };
    case ZodIssueCode.invalid_enum_value:
    case ZodIssueCode.invalid_literal:
    case ZodIssueCode.invalid_union_discriminator:
      return { message: "common:validation.invalidOption" };
    case ZodIssueCode.invalid_string:
      if (issue.validation === "email") return { message: "common:validation.email" };
      if (issue.validation === "url") return { message: "common:validation.url" };
      return { message: "common:validation.invalidFormat" };
    case ZodIssueCode.too_small:
      if (issue.type === "string") {
        return {
          message: Number(issue.minimum) <= 1 ? "common:validation.required" : encodeMessage("common:validation.tooShort", { min: Number(issue.minimum) }),
        };
      }
      if (issue.type === "array") return { message: encodeMessage("common:validation.tooFew", { min: Number(issue.minimum) }) };
      return { message: encodeMessage("common:validation.tooSmall", { min: Number(issue.minimum) }) };
    case ZodIssueCode.too_big:
      if (issue.type === "string") return { message: encodeMessage("common:validation.tooLong", { max: Number(issue.maximum) }) };
      if (issue.type === "array") return { message: encodeMessage("common:validation.tooMany", { max: Number(issue.maximum) }) };
      return { message: encodeMessage("common:validation.tooBig", { max: Number(issue.maximum) }) };
    case ZodIssueCode.invalid_date:
      return { message: "common:validation.invalidDate" };
    case ZodIssueCode.unrecognized_keys:
      return { message: "common:validation.unknownField" };
    default:
      return { message: context.defaultError };
  }
};

let installed = false;

export function installValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.setErrorMap(validationErrorMap);
}
