// The audit area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { AUDIT_CSV_HEADER, auditPage, eachAuditCsvRow, resolveAuditFilters } from "./audit.server";
