// The requests area's client-safe API (schemas, states, the reminder schedule): what other areas, the shell and routes may use.
export * from "./requests.schema";
export * from "./status";
export * from "./reminder-schedule";
export { requestPaths } from "./paths";
export * from "./staff-forms";
export { ItemFields, ItemsEditor, type ItemFieldMetadata } from "./staff-items-editor";
export { ItemStateBadge, ListStatusBadge } from "./state-badges";
export { ReminderFields, RequestDue, RequestProgress, RequestsSection, type RequestSectionList } from "./staff-parts";
export { TemplateForm } from "./staff-template-form";
export * from "./answer-schema";
export { RequestAnswerView, type AnswerViewActionData } from "./answer-view";
