import { notify } from "~/core/notify.server";
import { recordOrderEvent } from "~/features/service-orders/index.server";
import { findRecipient, listBackOfficeUsersWith } from "~/core/identity/directory.server";
import { audit } from "~/lib/audit.server";
import type { AuditAction } from "~/lib/audit-actions";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { requestPaths } from "./paths";
import type { Actor, ListRow } from "./request-access.server";
import { emailRequestLink } from "./request-links.server";

/**
 * What each step of a request leaves behind: the order's timeline (when the list has an order),
 * in the client's language as the client reads that timeline; the audit trail; notifications.
 */
type ListRef = Pick<ListRow, "id" | "clientId" | "serviceOrderId" | "title" | "message" | "dueDate" | "assigneeId" | "createdBy">;
export type TimelineStep = "sent" | "submitted" | "returned" | "accepted" | "completed" | "cancelled";

export async function recordStep(actor: Actor | null, list: ListRef, step: TimelineStep, params: Record<string, string> = {}): Promise<void> {
  if (!list.serviceOrderId) return;
  const client = await findRecipient(list.clientId);
  const language = client && isLanguage(client.locale) ? client.locale : fallbackLanguage;
  const t = await getFixedT(language, "requests");
  await recordOrderEvent(list.serviceOrderId, actor?.id ?? null, t(`timeline.${step}`, { title: list.title, dueDate: list.dueDate, ...params }));
}

export async function auditRequest(
  actor: Actor,
  action: AuditAction,
  targetId: string,
  meta: Record<string, unknown> = {},
  targetType: "request_list" | "request_template" = "request_list",
): Promise<void> {
  await audit({ actorId: actor.id, action, targetType, targetId, ip: actor.ip ?? null, meta });
}

export async function tellClient(
  actor: Actor,
  list: ListRef,
  event: "sent" | "returned" | "completed",
  params: Record<string, string | number> = {},
): Promise<void> {
  await notify({
    userId: list.clientId,
    actorId: actor.id,
    type: `request.${event}`,
    titleKey: `requests:notifications.${event}.title`,
    bodyKey: `requests:notifications.${event}.body`,
    params: { title: list.title, dueDate: list.dueDate, ...params },
    link: requestPaths.client(list.id),
  });
  // The list's e-mail carries a one-click link (the notification's own link is the client area's page).
  if (event === "sent") await emailRequestLink(list, { count: Number(params.count ?? 0) });
}

/** The client submitted: the list's assignee, else who sent it, else everyone who handles requests. */
export async function tellStaffOfSubmission(actor: Actor, list: ListRef): Promise<void> {
  const client = await findRecipient(list.clientId);
  const named = list.assigneeId ?? list.createdBy;
  const people = named ? [named] : (await listBackOfficeUsersWith("requests", 20)).map((member) => member.id);
  for (const userId of people) {
    await notify({
      userId,
      actorId: actor.id,
      type: "request.submitted",
      titleKey: "requests:notifications.submitted.title",
      bodyKey: "requests:notifications.submitted.body",
      params: { title: list.title, client: client?.fullName ?? "" },
      link: requestPaths.staff(list.id),
    });
  }
}
