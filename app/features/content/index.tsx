// The content area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export {
  type Announcement,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_LEVELS,
  type FooterBlocks,
  type LegalDocument,
  type Logo,
  logoImageSrc,
  type ServiceSummary,
  type Stat,
  testimonialPhotoSrc,
} from "./content";
export { IMAGE_MAX_MB } from "./images";
export {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  isLocalized,
  isSectionId,
  MAX_FOOTER_LINKS,
  MAX_HOURS,
  MAX_STATS,
  SECTION_SCHEMAS,
  type SectionId,
  TEXT_FIELDS,
  WEEKDAYS,
} from "./sections";
export { CheckboxField, EditLink, EditorActions, isLanguageParam, ItemEditor, LanguageTabs, MoveButtons, PictureField } from "./site-media-parts";
export { AnnouncementFormSchema, FaqFormSchema, LogoFormSchema, TestimonialFormSchema } from "./site-media.schema";
