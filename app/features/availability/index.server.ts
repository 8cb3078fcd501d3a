// The availability area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export {
  addClosedDay,
  closedDaysBetween,
  getAvailabilitySettings,
  listClosedDays,
  removeClosedDay,
  seedFederalHolidays,
  updateAvailabilitySettings,
} from "./availability.server";
