// The requests area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
import "./jobs.server";
export * from "./requests.server";
export * from "./request-items.server";
export * from "./request-templates.server";
export { sendDueRequestReminders } from "./reminders.server";
