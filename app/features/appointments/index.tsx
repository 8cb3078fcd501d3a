// The appointments area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export {
  ApiCreateSchema,
  ApiStatusSchema,
  ApiUpdateSchema,
  BookingQuerySchema,
  BookingSchema,
  ClientAppointmentActionSchema,
  parseAppointmentListQuery,
  parseClientListQuery,
  SlotsQuerySchema,
  StatusChangeSchema,
} from "./appointments.schema";
export { CalendarView } from "./calendar-view";
export { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS, type AppointmentStatus } from "./status";
export {
  AddToCalendarButton,
  AppointmentHistory,
  AppointmentWhen,
  BrowserTimeZoneInput,
  DayPicker,
  SlotRadios,
  StatusBadge,
  StepForm,
  useStepFocus,
} from "./ui";
