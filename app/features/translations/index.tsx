// The translations area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { OrderTranslationFiles } from "./client-files";
export {
  DeleteFileAction,
  DESK_TABS,
  type DeskTab,
  DeskTabs,
  DownloadLink,
  StatusForm,
  TranslatedUploadForm,
  TranslationStatusBadge,
  useMessage,
} from "./desk-parts";
export { FilesTab, SettingsTab, StatisticsTab, UploadTab } from "./desk-tabs";
export { TRANSLATION_LANGUAGES, type TranslationLanguage, WORDS_PER_PAGE } from "./file-types";
export { SendToDesk } from "./order-desk";
export { TRANSLATION_STATUSES, type TranslationStatus } from "./status";
export {
  parseTranslationListQuery,
  SendToDeskFormSchema,
  SettingsFormSchema,
  StatusFormSchema,
  TranslatedFormSchema,
  UploadFormSchema,
} from "./translations.schema";
