import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SelectField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { requireBackOffice } from "~/core/identity/guards.server";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LEVELS, CheckboxField, EditLink, EditorActions, ItemEditor, AnnouncementFormSchema } from "~/features/content";
import {
  endAnnouncementNow,
  findAnnouncementForAdmin,
  isoToOfficeLocal,
  listAnnouncementsForAdmin,
  saveAnnouncement,
  type AdminAnnouncement,
  type AnnouncementState,
} from "~/features/content/index.server";
import { invalid } from "~/lib/app-error";
import { createFormatter } from "~/lib/format";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks, parseListQuery } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /dashboard/announcements: the bar on the public site, in the client area or in the dashboard.
 * A message per language, a level, a start and an end in the office's time zone, closable or not;
 * each row says whether it is live now, scheduled, ended or switched off.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const now = new Date();
  const language = await getLanguage(request);
  const [page, editing, officeZone, t] = await Promise.all([
    listAnnouncementsForAdmin(parseListQuery(url), now),
    editId ? loadOrNotFound(findAnnouncementForAdmin(editId, now)) : Promise.resolve(null),
    getOfficeTimeZone(),
    getFixedT(language, "site-media"),
  ]);
  return json({
    items: page.items,
    page: pageLinks(page),
    editing: editing
      ? { ...editing, startsLocal: isoToOfficeLocal(editing.startsAt, officeZone), endsLocal: isoToOfficeLocal(editing.endsAt, officeZone) }
      : null,
    officeZone,
    officeZoneName: createFormatter(language, officeZone).zoneName(now.toISOString()),
    title: t("announcements.title"),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "save") {
    const submission = parseWithZod(form, { schema: AnnouncementFormSchema });
    if (submission.status !== "success") return json<ActionData>({ result: submission.reply() }, { status: 400 });
    try {
      await saveAnnouncement(user, submission.value);
      return redirectWithToast("/dashboard/announcements", { type: "success", message: "site-media:announcements.saved" });
    } catch (error) {
      return refusal(request, error, submission);
    }
  }
  try {
    if (intent !== "end") throw invalid("site-media:errors.unknownIntent");
    await endAnnouncementNow(user, String(form.get("id") ?? ""));
    return redirectWithToast("/dashboard/announcements", { type: "success", message: "site-media:announcements.endedNow" });
  } catch (error) {
    return refusal(request, error);
  }
}

const STATE_TONE: Record<AnnouncementState, BadgeTone> = { live: "success", scheduled: "primary", ended: "quiet", off: "quiet" };

export default function Announcements() {
  const { items, page, editing, officeZone, officeZoneName } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("site-media");
  const office = createFormatter(i18n.language, officeZone);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t("announcements.title")} description={t("announcements.description")} />
      <DataTable
        caption={t("announcements.title")}
        rows={items}
        rowKey={(item) => item.id}
        rowTestId={() => "announcement-row"}
        rowClassName={() => "align-top"}
        empty={t("announcements.empty")}
        columns={[
          {
            header: t("announcements.state"),
            cell: (item) => (
              <Badge tone={STATE_TONE[item.state]} data-testid="announcement-state">
                {t(`announcements.states.${item.state}`)}
              </Badge>
            ),
          },
          {
            header: t("announcements.message"),
            cell: (item) => (
              <>
                <p dir="auto">{item.messages[i18n.language as "en"] ?? item.messages.en}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t(`announcements.levels.${item.level}`)} · {item.dismissible ? t("announcements.closable") : t("announcements.notClosable")}
                </p>
              </>
            ),
          },
          { header: t("announcements.audience"), cell: (item) => t(`announcements.audiences.${item.audience}`) },
          {
            header: t("announcements.when", { zone: officeZoneName }),
            className: "text-xs",
            cell: (item) => (
              <>
                <p>{item.startsAt ? t("announcements.from", { date: office.dateTime(item.startsAt) }) : t("announcements.fromNow")}</p>
                <p>{item.endsAt ? t("announcements.until", { date: office.dateTime(item.endsAt) }) : t("announcements.noEnd")}</p>
              </>
            ),
          },
          {
            header: t("announcements.actions"),
            cell: (item) => (
              <div className="flex flex-wrap gap-2">
                <EditLink to={`/dashboard/announcements?edit=${item.id}#announcement-form`} />
                {item.state === "live" || item.state === "scheduled" ? (
                  <ConfirmAction
                    label={t("announcements.endNow")}
                    title={t("announcements.endTitle")}
                    description={t("announcements.endDescription")}
                    confirmLabel={t("announcements.endConfirm")}
                    fields={{ intent: "end", id: item.id }}
                  />
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <Pagination {...page} />
      <AnnouncementForm key={editing?.id ?? "new"} editing={editing} zoneName={officeZoneName} />
    </div>
  );
}

function AnnouncementForm({ editing, zoneName }: { editing: (AdminAnnouncement & { startsLocal: string; endsLocal: string }) | null; zoneName: string }) {
  const { t } = useTranslation("site-media");
  const actionData = useActionData<typeof action>();
  const [form, fields] = useZodForm(AnnouncementFormSchema, {
    id: "announcement-form",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: editing
      ? {
          messageEn: editing.messages.en ?? "",
          messageAr: editing.messages.ar ?? "",
          messageFr: editing.messages.fr ?? "",
          audience: editing.audience,
          level: editing.level,
          startsAt: editing.startsLocal,
          endsAt: editing.endsLocal,
          linkUrl: editing.linkUrl ?? "",
        }
      : { audience: "public", level: "info" },
  });
  return (
    <ItemEditor form={form} heading={editing ? t("announcements.edit") : t("announcements.add")} idName={fields.id.name} editingId={editing?.id}>
      <input type="hidden" name="intent" value="save" />
      <TextField field={fields.messageEn} label={t("announcements.messageIn.en")} inputProps={{ lang: "en", dir: "ltr" }} />
      <TextField
        field={fields.messageAr}
        label={t("announcements.messageIn.ar")}
        inputProps={{ lang: "ar", dir: "rtl" }}
        hint={t("announcements.messageHint")}
      />
      <TextField
        field={fields.messageFr}
        label={t("announcements.messageIn.fr")}
        inputProps={{ lang: "fr", dir: "ltr" }}
        hint={t("announcements.messageHint")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.audience}
          label={t("announcements.audience")}
          options={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(`announcements.audiences.${value}`) }))}
        />
        <SelectField
          field={fields.level}
          label={t("announcements.level")}
          options={ANNOUNCEMENT_LEVELS.map((value) => ({ value, label: t(`announcements.levels.${value}`) }))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.startsAt}
          label={t("announcements.starts")}
          hint={t("announcements.zoneHint", { zone: zoneName })}
          inputProps={{ type: "datetime-local" }}
        />
        <TextField
          field={fields.endsAt}
          label={t("announcements.ends")}
          hint={t("announcements.zoneHint", { zone: zoneName })}
          inputProps={{ type: "datetime-local" }}
        />
      </div>
      <TextField field={fields.linkUrl} label={t("announcements.link")} hint={t("announcements.linkHint")} inputProps={{ dir: "ltr" }} />
      <CheckboxField name={fields.dismissible.name} label={t("announcements.dismissible")} defaultChecked={editing?.dismissible ?? true} />
      <CheckboxField
        name={fields.active.name}
        label={t("announcements.active")}
        defaultChecked={editing?.active ?? true}
        hint={t("announcements.activeHint")}
      />
      <EditorActions editing={Boolean(editing)} addLabel={t("announcements.addButton")} cancelTo={"/dashboard/announcements"} />
    </ItemEditor>
  );
}

export const handle = { i18n: ["site-media"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
