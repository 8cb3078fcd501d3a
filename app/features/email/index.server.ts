// The email area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { absoluteUrl } from "./email.server";
export {
  getTemplateForEditing,
  listTemplateCatalogue,
  previewTemplate,
  resetTemplateOverride,
  saveTemplateOverride,
  sendTestEmail,
  type TemplatePreview,
} from "./overrides.server";
export { defineEmailTemplate, type EmailTemplate, sendTemplatedEmail, type TemplateValues } from "./templates.server";
