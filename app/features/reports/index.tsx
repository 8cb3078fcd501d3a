// The reports area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { Rating, ReportContent } from "./report-parts";
export { FeedbackSchema, parseReportListQuery, ReportCreateApiSchema, ReportCreateFormSchema, ReportPatchApiSchema } from "./reports.schema";
