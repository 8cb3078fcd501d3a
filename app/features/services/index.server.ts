// The services area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  createService,
  deleteService,
  getService,
  getServiceForEdit,
  listServices,
  moveService,
  serviceKeySql,
  serviceTitles,
  serviceTitleSql,
  setServiceVisible,
  updateService,
} from "./services.server";
