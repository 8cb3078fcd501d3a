// The appointments area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { appointmentJson } from "./api.server";
export {
  appointmentReferenceSql,
  changeAppointmentStatus,
  clientMayChange,
  countAppointmentsPerPeriod,
  createAppointment,
  deleteAppointment,
  deleteAppointmentsOfClient,
  findBookableService,
  findNextAppointment,
  getAppointment,
  getAppointmentHistory,
  hasAppointmentsForService,
  listAppointmentRecordsOfClient,
  listAppointments,
  listBookableServices,
  rescheduleAppointment,
  updateAppointmentNotes,
} from "./appointments.server";
export { slotChoices } from "./booking.server";
export { buildCalendar } from "./calendar.server";
export { findFreeSlots } from "./free-slots.server";
export { calendarFileResponse } from "./http.server";
