/**
 * The appointment state machine (docs/decisions/002-state-machines.md).
 *
 *   requested ──► confirmed ──► completed
 *       │             ├───────► no_show
 *       └─────────────┴───────► cancelled
 */
export const APPOINTMENT_STATUSES = ["requested", "confirmed", "completed", "cancelled", "no_show"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  requested: ["confirmed", "cancelled"],
  confirmed: ["completed", "no_show", "cancelled"],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Statuses that hold their slot. */
export const ACTIVE_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ["requested", "confirmed"];

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === "string" && (APPOINTMENT_STATUSES as readonly string[]).includes(value);
}

export function canMoveAppointment(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return APPOINTMENT_TRANSITIONS[from].includes(to);
}
