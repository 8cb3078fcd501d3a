// The translations area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
import "./auto-process.server";
export { answerDeskFileForm, checkFormFile, createDeskFileFromForm, deskFormRefusal, downloadChoice, readDeskForm } from "./http.server";
export { getTranslationSettings, saveTranslationSettings } from "./settings.server";
export {
  changeTranslationStatus,
  countTranslationFilesByStatus,
  createTranslationFile,
  createTranslationFileFromText,
  deleteTranslationFile,
  findDeskClient,
  getTranslationFile,
  isDeskUser,
  listClientTranslationFiles,
  listDeskAssignees,
  listDeskClientOrders,
  listOrderTranslationFiles,
  listTranslationFiles,
  openTranslationDownload,
  searchDeskClients,
  sendOrderDocumentToDesk,
  translationStatistics,
  uploadTranslatedFile,
} from "./translations.server";
