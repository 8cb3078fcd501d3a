import { createEvent } from "ics";
import { absoluteUrl, sendLocalizedEmail } from "~/features/email/email.server";
import { env } from "~/lib/env.server";
import type { AppointmentView, ClientMessageKind } from "./types";

/**
 * What the client receives when an appointment changes: an e-mail in their
 * language, carrying the appointment as an .ics file when it is booked,
 * confirmed or moved (the same file "Add to calendar" downloads).
 */
const WITH_CALENDAR_FILE: ReadonlySet<ClientMessageKind> = new Set(["requested", "confirmed", "rescheduled"]);

/** The appointment as an iCalendar file (UTC times, a stable UID so updates replace the event). */
export function appointmentIcs(appointment: Pick<AppointmentView, "id" | "reference" | "serviceTitle" | "startsAt" | "endsAt" | "status" | "notes">): string {
  const host = new URL(env().appUrl).hostname;
  const { error, value } = createEvent({
    uid: `${appointment.id}@${host}`,
    productId: "firm-portal/appointments",
    method: "PUBLISH",
    title: `${appointment.serviceTitle} (${appointment.reference})`,
    description: [appointment.reference, appointment.notes ?? ""].filter(Boolean).join("\n"),
    url: absoluteUrl(`/client/appointments/${appointment.id}`),
    start: Date.parse(appointment.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    end: Date.parse(appointment.endsAt),
    endInputType: "utc",
    endOutputType: "utc",
    status: appointment.status === "confirmed" ? "CONFIRMED" : appointment.status === "cancelled" ? "CANCELLED" : "TENTATIVE",
  });
  if (error || !value) throw error ?? new Error("could not build the calendar file");
  return value;
}

export async function sendAppointmentMessage(options: {
  appointment: AppointmentView;
  kind: ClientMessageKind;
  note: string | null;
  when: string;
  to: string;
  language: string;
}): Promise<void> {
  const { appointment, kind, note, when } = options;
  const params = { reference: appointment.reference, service: appointment.serviceTitle, when };
  await sendLocalizedEmail({
    to: options.to,
    language: options.language,
    namespaces: ["appointments"],
    build: (t) => ({
      subject: t(`email.${kind}.subject`, params),
      heading: t(`email.${kind}.heading`, params),
      paragraphs: [t(`email.${kind}.body`, params), ...(note ? [t("email.note", { note })] : [])],
      action: { label: t("email.action"), url: absoluteUrl(`/client/appointments/${appointment.id}`) },
      note: WITH_CALENDAR_FILE.has(kind) ? t("email.calendarAttached") : undefined,
    }),
    attachments: WITH_CALENDAR_FILE.has(kind)
      ? [{ filename: `${appointment.reference}.ics`, content: appointmentIcs(appointment), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }]
      : undefined,
  });
}
