// The languages area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { OverrideFormSchema, parseStringListQuery, STRING_FILTERS } from "./languages.schema";
