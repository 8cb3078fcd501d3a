// The email area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { TemplateEditSchema } from "./templates.schema";
