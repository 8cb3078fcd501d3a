// The requests area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
import "./jobs.server";
export {
  cancelList,
  canReadRequestList,
  createList,
  getListForClient,
  getListForStaff,
  listLists,
  listsOfClient,
  listsOfOrder,
  openItemsForClient,
  submitList,
  updateList,
  REQUEST_RECORD_TYPE,
  type Actor,
  type OpenRequestItem,
  type RequestItem,
  type RequestItemFile,
  type RequestListDetail,
  type RequestListSummary,
} from "./requests.server";
export { acceptItem, addItem, answerItem, attachFiles, markNotApplicable, removeItem, returnItem, updateItem } from "./request-items.server";
export { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate, type RequestTemplate } from "./request-templates.server";
export {
  issueRequestLink,
  openRequestLink,
  requestAccessFor,
  requireRequestAccess,
  resendRequestLink,
  REQUEST_LINK_DAYS,
  type LinkRefusal,
  type OpenRequestLinkResult,
  type RequestAccess,
} from "./request-links.server";
export { sendDueRequestReminders } from "./reminders.server";
export { countOwnRequestFiles, deleteRequestsOfClient, listRequestRecordsOfClient, type RequestRecord } from "./client-data.server";
export { canReadRequestFile, historyOfList, remindersOfList, requestAssignees, requestTarget, type RequestTarget } from "./staff-pages.server";
export { readRequestItem, readRequestList, requestApiCaller } from "./http.server";
export { answerPageAction, answerWithAccess, loadAnswerPage, type AnswerActionData, type AnswerPageData } from "./answer-page.http.server";
