import { supportedLanguages } from "~/lib/i18n/config";
import { z } from "zod";
import { DEFAULT_REMINDER_SCHEDULE, MAX_REMINDERS, type ReminderSchedule } from "./reminder-schedule";
import { ItemDefinitionSchema, MAX_ITEMS_PER_LIST, type ItemDefinition } from "./requests.schema";
import { ANSWER_TYPES, REQUEST_ITEM_KINDS } from "./status";

/**
 * The staff's forms of the requests area (new list, list settings, one item, a template): the
 * fields as a form posts them (choices one per line, the reminder days as "3, 0", checkboxes),
 * turned into what the area's functions take. Messages are i18n keys.
 */

/** An item as its form row posts it; an unticked "required" box is absent, so false. */
export const ItemFormSchema = z
  .object({
    kind: z.enum(REQUEST_ITEM_KINDS, { errorMap: () => ({ message: "requests:errors.kindInvalid" }) }),
    answerType: z.enum(ANSWER_TYPES, { errorMap: () => ({ message: "requests:errors.answerTypeInvalid" }) }).optional(),
    choices: z.string().max(4000, "requests:staff.errors.choicesTooLong").optional(),
    label: z.string({ required_error: "requests:errors.labelRequired" }),
    hint: z.string().optional(),
    required: z.boolean().optional(),
  })
  .transform((row) => ({
    ...row,
    choices: row.choices
      ?.split(/\r?\n/)
      .map((choice) => choice.trim())
      .filter(Boolean),
    required: row.required ?? false,
  }))
  .pipe(ItemDefinitionSchema);
export type ItemFormInput = z.input<typeof ItemFormSchema>;

/** The form row of an item definition (a template's, a list's). */
export function itemFormValue(item: Pick<ItemDefinition, "kind" | "answerType" | "choices" | "label" | "hint" | "required">): ItemFormInput {
  return {
    kind: item.kind,
    answerType: item.answerType ?? undefined,
    choices: (item.choices ?? []).join("\n"),
    label: item.label,
    hint: item.hint ?? "",
    required: item.required,
  };
}

export const EMPTY_ITEM: ItemFormInput = { kind: "document", label: "", hint: "", choices: "", required: true };

const items = z
  .array(ItemFormSchema, { required_error: "requests:errors.itemsRequired" })
  .min(1, "requests:errors.itemsRequired")
  .max(MAX_ITEMS_PER_LIST, "requests:errors.tooManyItems");

const title = z
  .string({ required_error: "requests:errors.titleRequired" })
  .trim()
  .min(1, "requests:errors.titleRequired")
  .max(200, "requests:errors.titleTooLong");
const message = z.string().trim().max(5000, "requests:errors.messageTooLong").optional();
const dueDate = z
  .string({ required_error: "requests:errors.dueDateInvalid" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "requests:errors.dueDateInvalid")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "requests:errors.dueDateInvalid",
  );
const optionalId = z.string().trim().max(100).optional();

/**
 * The reminders as a form has them: on or off, the days before the due date ("3, 0": three days
 * before and on the day), every how many days while overdue (0: never) and at most how many.
 */
const reminderFields = {
  remindersEnabled: z.boolean().optional(),
  reminderBefore: z
    .string()
    .regex(/^\s*\d{1,2}(\s*,\s*\d{1,2})*\s*$/, "requests:staff.errors.reminderBeforeInvalid")
    .optional(),
  reminderOverdueEvery: z
    .number({ invalid_type_error: "requests:staff.errors.reminderEveryInvalid" })
    .int("requests:staff.errors.reminderEveryInvalid")
    .min(0, "requests:staff.errors.reminderEveryInvalid")
    .max(60, "requests:staff.errors.reminderEveryInvalid")
    .optional(),
  reminderMax: z
    .number({ invalid_type_error: "requests:staff.errors.reminderMaxInvalid" })
    .int("requests:staff.errors.reminderMaxInvalid")
    .min(0, "requests:staff.errors.reminderMaxInvalid")
    .max(MAX_REMINDERS, "requests:staff.errors.reminderMaxInvalid")
    .optional(),
};

type ReminderFormValue = { remindersEnabled?: boolean; reminderBefore?: string; reminderOverdueEvery?: number; reminderMax?: number };

/** The schedule the reminder fields describe (days before become negative offsets; at most 60 days before). */
export function reminderScheduleOf(value: ReminderFormValue): { remindersEnabled: boolean; reminderSchedule: ReminderSchedule } {
  const before = (value.reminderBefore ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => -Math.min(60, Number(part)));
  return {
    remindersEnabled: value.remindersEnabled ?? false,
    reminderSchedule: {
      before: [...new Set(before)].sort((a, b) => a - b).slice(0, MAX_REMINDERS),
      overdueEvery: value.reminderOverdueEvery ?? 0,
      max: value.reminderMax ?? 0,
    },
  };
}

/** The reminder fields' values for a schedule. */
export function reminderFormValue(enabled: boolean, schedule: ReminderSchedule = DEFAULT_REMINDER_SCHEDULE) {
  return {
    remindersEnabled: enabled,
    reminderBefore: [...schedule.before]
      .sort((a, b) => a - b)
      .map((offset) => String(-offset))
      .join(", "),
    reminderOverdueEvery: schedule.overdueEvery,
    reminderMax: schedule.max,
  };
}

/** /dashboard/requests/new: a list for a client, on one of their orders or standing alone. */
export const NewListFormSchema = z.object({
  clientId: z.string({ required_error: "requests:errors.clientInvalid" }).trim().min(1).max(100),
  serviceOrderId: optionalId,
  title,
  message,
  dueDate,
  assigneeId: optionalId,
  ...reminderFields,
  items,
});
export type NewListFormInput = z.input<typeof NewListFormSchema>;

/** A list's settings on its page: title, message, due date, assignee, reminders. */
export const ListSettingsFormSchema = z.object({ title, message, dueDate, assigneeId: optionalId, ...reminderFields });

/** One item added to or changed on an open list (`itemId` when it is a change). */
export const ItemChangeFormSchema = z.object({ itemId: optionalId, item: ItemFormSchema });

/** Staff review one item: accept (a note is optional) or return (a note is required). */
export const ReviewFormSchema = z
  .object({
    intent: z.enum(["accept", "return"]),
    itemId: z.string().trim().min(1).max(100),
    note: z.string().trim().max(2000, "requests:errors.noteTooLong").optional(),
  })
  .superRefine((value, context) => {
    if (value.intent === "return" && !value.note) context.addIssue({ code: "custom", path: ["note"], message: "requests:errors.noteRequired" });
  });

/** /dashboard/request-templates: a template's service (none: every service), language, title, message and items. */
export const TemplateFormSchema = z.object({
  serviceKey: z.string().trim().max(100).optional(),
  locale: z.enum(supportedLanguages, { errorMap: () => ({ message: "requests:errors.localeInvalid" }) }),
  title,
  message,
  items,
});
export type TemplateFormInput = z.input<typeof TemplateFormSchema>;
