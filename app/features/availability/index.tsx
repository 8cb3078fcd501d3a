// The availability area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { AvailabilitySettingsForm, ClosedDaysForm } from "./availability-forms";
export { AddClosedDaySchema, AvailabilitySchema, daySchema, isRealDay, RemoveClosedDaySchema } from "./availability.schema";
export { bookingWindow, canonicalIso, computeSlots, holdStartsFor, isValidTimeZone, type Slot, WEEKDAYS } from "./slots";
