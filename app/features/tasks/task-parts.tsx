import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { ArrowDown, ArrowUp, CheckCircle2, Circle, CircleDashed, Minus, Repeat, XCircle, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DueDay } from "~/components/due-day";
import { SelectField, TextareaField, TextField } from "~/components/forms";
import { peopleOptions } from "~/components/select-options";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { RECURRENCES, TASK_PRIORITIES, TASK_STATUSES, type Recurrence, type TaskPriority, type TaskStatus } from "./status";

/** UI pieces of the tasks area: badges that carry an icon and a word (never colour alone), the form's fields. */
const STATUS_LOOK: Record<TaskStatus, { icon: LucideIcon; tone: BadgeTone }> = {
  todo: { icon: Circle, tone: "neutral" },
  in_progress: { icon: CircleDashed, tone: "accent" },
  done: { icon: CheckCircle2, tone: "success" },
  cancelled: { icon: XCircle, tone: "danger" },
};

export function TaskStatusBadge({ status, className }: { status: TaskStatus; className?: string }) {
  const { t } = useTranslation("tasks");
  return (
    <Badge {...STATUS_LOOK[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

const PRIORITY_ICON: Record<TaskPriority, LucideIcon> = { low: ArrowDown, normal: Minus, high: ArrowUp };

export function TaskPriorityLabel({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation("tasks");
  const Icon = PRIORITY_ICON[priority];
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs", priority === "high" && "font-semibold text-destructive")}>
      <Icon className="size-3.5" aria-hidden />
      {t(`priority.${priority}`)}
    </span>
  );
}

/** The due day (as written, in no zone), flagged when the task is overdue. */
export function TaskDue({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  const { t } = useTranslation("tasks");
  if (!dueDate) return <span className="text-muted-foreground">{t("list.noDue")}</span>;
  return <DueDay day={dueDate} overdue={overdue} overdueLabel={t("list.overdue")} />;
}

export function TaskRepeats({ recurrence }: { recurrence: Recurrence | null }) {
  const { t } = useTranslation("tasks");
  if (!recurrence) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      <Repeat className="size-3.5" aria-hidden />
      {t("list.repeats", { recurrence: t(`recurrence.${recurrence}`) })}
    </span>
  );
}

export type TaskLinkView = { kind: "order" | "appointment" | "client" | "translationFile"; id: string; label: string; href: string | null };

/** "Service order SO-…", a link to the record when it has a page. */
export function TaskLinkLabel({ link, className }: { link: TaskLinkView | null; className?: string }) {
  const { t } = useTranslation("tasks");
  if (!link) return null;
  const text = t(`link.${link.kind}`, { label: link.label });
  return link.href ? (
    <Link to={link.href} className={cn("text-primary underline-offset-4 hover:underline", className)}>
      {text}
    </Link>
  ) : (
    <span className={className}>{text}</span>
  );
}

type Fields = {
  title: FieldMetadata<string | undefined | null>;
  description: FieldMetadata<string | undefined | null>;
  assigneeId: FieldMetadata<string | undefined | null>;
  dueDate: FieldMetadata<string | undefined | null>;
  priority: FieldMetadata<string | undefined | null>;
  status: FieldMetadata<string | undefined | null>;
  recurrence: FieldMetadata<string | undefined | null>;
};

/** The task form's fields (new and edit): Title, Description, Assignee, Due date, Priority, Status, Repeats. */
export function TaskFormFields({ fields, assignees }: { fields: Fields; assignees: Array<{ id: string; fullName: string }> }) {
  const { t } = useTranslation("tasks");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField field={fields.title} label={t("fields.title")} className="sm:col-span-2" />
      <TextareaField field={fields.description} label={t("fields.description")} className="sm:col-span-2" textareaProps={{ rows: 4 }} />
      <SelectField field={fields.assigneeId} label={t("fields.assignee")} placeholder={t("new.nobody")} options={peopleOptions(assignees)} />
      <TextField field={fields.dueDate} type="date" label={t("fields.dueDate")} />
      <SelectField field={fields.priority} label={t("fields.priority")} options={TASK_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))} />
      <SelectField field={fields.status} label={t("fields.status")} options={TASK_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))} />
      <SelectField
        field={fields.recurrence}
        label={t("fields.recurrence")}
        hint={t("fields.recurrenceHint")}
        placeholder={t("recurrence.none")}
        options={RECURRENCES.map((value) => ({ value, label: t(`recurrence.${value}`) }))}
      />
    </div>
  );
}
