import { z } from "zod";

const required = (max: number) =>
  z.string({ required_error: "templates:errors.required" }).trim().min(1, "templates:errors.required").max(max, "templates:errors.tooLong");
const optional = (max: number) => z.string().trim().max(max, "templates:errors.tooLong").optional();

/** The parts of an e-mail template the firm edits (the button's URL is not a part: the product gives it). */
export const TemplateEditSchema = z.object({
  subject: required(300),
  heading: required(300),
  body: required(10000),
  action: optional(100),
  note: optional(1000),
});

export type TemplateEditInput = z.output<typeof TemplateEditSchema>;
