// The audit area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { AUDIT_OUTCOME_VALUES, auditFilterParams, parseAuditQuery } from "./audit.schema";
