// The reports area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { createReportFromForm } from "./http.server";
export {
  canReadReport,
  countReportsAwaitingFeedback,
  countUnreadReports,
  createReport,
  deleteReport,
  deleteReportsOfClient,
  findClient,
  getReport,
  listReportRecordsOfClient,
  listReports,
  listReportsAwaitingFeedback,
  markReportRead,
  REPORT_RECORD_TYPE,
  searchClients,
  submitFeedback,
  updateReport,
} from "./reports.server";
