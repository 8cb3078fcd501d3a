// The client-records area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { deleteAccount, exportClientData, inviteAgain, keptRecords, retentionPlan, type RetentionPlan } from "./client-records.server";
export { accountDeletionHandler } from "./http.server";
export { forgetDashboardStats, getClientOverview, getDashboardStats } from "./overview.server";
export { removeService } from "./services.server";
