import { z } from "zod";
import { parseListQuery } from "~/lib/pagination";

/** Forms and API bodies of the reports area; messages are i18n keys. */
const title = z
  .string({ required_error: "reports:errors.titleRequired" })
  .trim()
  .min(1, "reports:errors.titleRequired")
  .max(200, "reports:errors.titleTooLong");
const body = z.string({ required_error: "reports:errors.bodyRequired" }).trim().min(1, "reports:errors.bodyRequired").max(50_000, "reports:errors.bodyTooLong");

/** /dashboard/reports/new (attachments travel beside it, checked by the storage module). */
export const ReportCreateFormSchema = z.object({
  clientId: z.string({ required_error: "reports:errors.clientRequired" }).trim().min(1, "reports:errors.clientRequired"),
  orderId: z.string().trim().optional(),
  title,
  body,
});
export type ReportCreateInput = z.infer<typeof ReportCreateFormSchema>;

/** POST /api/reports. */
export const ReportCreateApiSchema = z.object({
  clientId: z.string().trim().min(1),
  orderId: z.string().trim().min(1).nullable().optional(),
  title,
  body,
});

/** PATCH /api/reports/{id}. */
export const ReportPatchApiSchema = z.object({ title: title.optional(), body: body.optional() }).strict();
export type ReportPatchInput = z.infer<typeof ReportPatchApiSchema>;

export const FeedbackSchema = z.object({
  rating: z.coerce
    .number({ required_error: "reports:errors.ratingRequired", invalid_type_error: "reports:errors.ratingRequired" })
    .int("reports:errors.ratingRange")
    .min(1, "reports:errors.ratingRange")
    .max(5, "reports:errors.ratingRange"),
  comment: z.string().trim().max(2000, "reports:errors.commentTooLong").optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackSchema>;

/** The list filters in the query string (pages and API alike); a bad value is dropped. */
const REPORT_LIST_FILTERS = {
  unread: z.enum(["1", "true"]),
  q: z.string().trim().min(1).max(100),
};

/** `?page&perPage` (or `limit`/`pageSize`), `unread`, `q` (lib/pagination). */
export function parseReportListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: REPORT_LIST_FILTERS });
}
export type ReportListQuery = ReturnType<typeof parseReportListQuery>;
