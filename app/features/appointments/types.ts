import type { AppointmentStatus } from "./status";

/**
 * The shapes the appointment modules share. Kept apart from the rule module so that
 * the message module (e-mails, .ics) and the rule module import no one another.
 */
/** Who acts; `ip` (optional) goes to the audit log with status changes. */
export type Actor = { id: string; role: string; ip?: string | null };

export type AppointmentView = {
  id: string;
  reference: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  serviceId: string;
  serviceKey: string;
  serviceTitle: string;
  durationMinutes: number;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  notes: string | null;
  /** The zone the client's browser was in when booking (shown to staff as "Client's time"). */
  clientTimeZone: string | null;
  createdAt: string;
  updatedAt: string;
};

export type HistoryEntry = {
  id: string;
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus;
  note: string | null;
  createdAt: string;
  changedByName: string | null;
};

/** What the client is told about: a status it entered, or a new time. */
export type ClientMessageKind = AppointmentStatus | "rescheduled";
