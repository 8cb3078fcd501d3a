import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Clock, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DueDay } from "~/components/due-day";
import { FieldErrors, TextField } from "~/components/forms";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { useFormatter } from "~/lib/format";
import { ListStatusBadge } from "./state-badges";
import type { ListStatus } from "./status";

/** The staff's pieces of the requests area: statuses, progress, due day, the reminder fields and an order's or a client's section. */

/** "3 of 7", with a bar. */
export function RequestProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation("requests");
  const format = useFormatter();
  const text = t("progress", { done: format.number(done), total: format.number(total) });
  return (
    <span className="progress-meter" data-testid="request-progress">
      <span className="progress-track" aria-hidden>
        <span className="progress-fill" style={{ width: `${total > 0 ? Math.round((done / total) * 100) : 0}%` }} />
      </span>
      {text}
    </span>
  );
}

/** The due day (as written, in no zone), flagged when the list is overdue. */
export function RequestDue({ dueDate, overdue }: { dueDate: string; overdue: boolean }) {
  const { t } = useTranslation("requests");
  return <DueDay day={dueDate} overdue={overdue} overdueLabel={t("staff.list.overdue")} />;
}

type ReminderFields = {
  remindersEnabled: FieldMetadata<boolean | undefined>;
  reminderBefore: FieldMetadata<string | undefined>;
  reminderOverdueEvery: FieldMetadata<number | undefined>;
  reminderMax: FieldMetadata<number | undefined>;
};

/** The reminders of a list: on or off, days before the due date, every how many days while overdue, at most how many. */
export function ReminderFields({ fields }: { fields: ReminderFields }) {
  const { t } = useTranslation("requests");
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">{t("staff.fields.reminders")}</legend>
      <div className="flex items-center gap-2">
        <input {...getInputProps(fields.remindersEnabled, { type: "checkbox" })} className="size-4 accent-primary" data-testid="reminders-enabled" />
        <Label htmlFor={fields.remindersEnabled.id}>{t("staff.fields.remindersEnabled")}</Label>
      </div>
      <FieldErrors id={fields.remindersEnabled.errorId} errors={fields.remindersEnabled.errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField field={fields.reminderBefore} label={t("staff.fields.reminderBefore")} hint={t("staff.fields.reminderBeforeHint")} />
        <TextField
          field={fields.reminderOverdueEvery as FieldMetadata<string | number | undefined>}
          type="number"
          label={t("staff.fields.reminderOverdueEvery")}
          hint={t("staff.fields.reminderOverdueEveryHint")}
          inputProps={{ min: 0, max: 60, step: 1 }}
        />
        <TextField
          field={fields.reminderMax as FieldMetadata<string | number | undefined>}
          type="number"
          label={t("staff.fields.reminderMax")}
          inputProps={{ min: 0, max: 10, step: 1 }}
        />
      </div>
    </fieldset>
  );
}

export type RequestSectionList = {
  id: string;
  title: string;
  status: ListStatus;
  dueDate: string;
  overdue: boolean;
  itemCount: number;
  doneCount: number;
};

/**
 * The requests of an order or a client, for that record's page: its loader passes the lists
 * (null when the viewer may not use requests: nothing shows) and where "Send a request" goes.
 * The page's route adds "requests" to its `handle.i18n`.
 */
export function RequestsSection({ data }: { data: { lists: RequestSectionList[]; newHref: string; listHref?: string } | null }) {
  const { t } = useTranslation("requests");
  if (!data) return null;
  return (
    <Card data-testid="requests-section">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("staff.section.title")}</CardTitle>
        <Link to={data.newHref} className={buttonVariants({ size: "sm" })}>
          <Send aria-hidden />
          {t("staff.section.send")}
        </Link>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.lists.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("staff.section.empty")}</p>
        ) : (
          <ul className="space-y-2">
            {data.lists.map((list) => (
              <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <Link to={`/dashboard/requests/${list.id}`} className="font-medium text-primary underline-offset-4 hover:underline" dir="auto">
                  {list.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2">
                  <RequestProgress done={list.doneCount} total={list.itemCount} />
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <Clock className="size-3.5" aria-hidden />
                    <RequestDue dueDate={list.dueDate} overdue={list.overdue} />
                  </span>
                  <ListStatusBadge status={list.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
        {data.listHref ? (
          <Link to={data.listHref} className="text-sm primary-link">
            {t("staff.section.all")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
