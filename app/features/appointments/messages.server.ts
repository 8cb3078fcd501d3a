import { createEvent } from "ics";
import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail } from "~/features/email/index.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { env } from "~/lib/env.server";
import { APPOINTMENT_STATUSES } from "./status";
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

/**
 * The client's e-mails about an appointment, one template per kind (editable on /dashboard/templates).
 * `when` is the time in their language and zone; `officeNote` the office's note as a sentence, or empty.
 */
export const APPOINTMENT_EMAILS = Object.fromEntries(
  [...APPOINTMENT_STATUSES, "rescheduled" as const].map((kind) => [
    kind,
    defineEmailTemplate({
      namespace: "appointments",
      name: kind,
      variables: ["reference", "service", "when", "officeNote"] as const,
      sample: {
        reference: "APT-2025-0007",
        service: "Tax e-filing",
        when: "Monday, March 3, 2025, 10:00 AM EST",
        officeNote: "Note from the office: please bring your W-2 forms.",
      },
      hasAction: true,
    }),
  ]),
) as Record<ClientMessageKind, ReturnType<typeof defineEmailTemplate<"reference" | "service" | "when" | "officeNote">>>;

export async function sendAppointmentMessage(options: {
  appointment: AppointmentView;
  kind: ClientMessageKind;
  note: string | null;
  when: string;
  to: string;
  language: string;
}): Promise<void> {
  const { appointment, kind, note, when } = options;
  const language = isLanguage(options.language) ? options.language : fallbackLanguage;
  const t = await getFixedT(language, "appointments");
  await sendTemplatedEmail(APPOINTMENT_EMAILS[kind], {
    to: options.to,
    language,
    values: { reference: appointment.reference, service: appointment.serviceTitle, when, officeNote: note ? t("email.note", { note }) : "" },
    actionUrl: absoluteUrl(`/client/appointments/${appointment.id}`),
    attachments: WITH_CALENDAR_FILE.has(kind)
      ? [{ filename: `${appointment.reference}.ics`, content: appointmentIcs(appointment), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }]
      : undefined,
  });
}
