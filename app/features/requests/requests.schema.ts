import { z } from "zod";
import { supportedLanguages } from "~/lib/i18n/config";
import { parseListQuery } from "~/lib/pagination";
import { MAX_REMINDERS } from "./reminder-schedule";
import { ANSWER_TYPES, LIST_STATUSES, REQUEST_ITEM_KINDS, type AnswerType, type RequestItemKind } from "./status";

/** Forms and API bodies of the requests area; messages are i18n keys. */
export const MAX_ITEMS_PER_LIST = 100;
export const MAX_CHOICES = 20;

const id = z.string().trim().min(1).max(100);
const title = z
  .string({ required_error: "requests:errors.titleRequired" })
  .trim()
  .min(1, "requests:errors.titleRequired")
  .max(200, "requests:errors.titleTooLong");
const message = z.string().trim().max(5000, "requests:errors.messageTooLong");
const isoDay = (key: string) =>
  z
    .string({ required_error: key })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, key)
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, key);
const dueDate = isoDay("requests:errors.dueDateInvalid");
/** A checkbox ("on") or a JSON boolean. */
const flag = z.preprocess((value) => (value === "on" || value === "true" ? true : value === "false" || value === "off" ? false : value), z.boolean());

/** One item as staff define it (a list's item, a template's item). */
export const ItemDefinitionSchema = z
  .object({
    kind: z.enum(REQUEST_ITEM_KINDS, { errorMap: () => ({ message: "requests:errors.kindInvalid" }) }),
    answerType: z.enum(ANSWER_TYPES, { errorMap: () => ({ message: "requests:errors.answerTypeInvalid" }) }).nullish(),
    choices: z.array(z.string().trim().min(1).max(200)).max(MAX_CHOICES).nullish(),
    label: z
      .string({ required_error: "requests:errors.labelRequired" })
      .trim()
      .min(1, "requests:errors.labelRequired")
      .max(300, "requests:errors.labelTooLong"),
    hint: z.string().trim().max(1000, "requests:errors.hintTooLong").nullish(),
    required: flag.default(true),
  })
  .superRefine((item, context) => {
    if (item.kind === "question" && !item.answerType) context.addIssue({ code: "custom", path: ["answerType"], message: "requests:errors.answerTypeRequired" });
    if (item.kind === "question" && item.answerType === "choice" && new Set(item.choices ?? []).size < 2) {
      context.addIssue({ code: "custom", path: ["choices"], message: "requests:errors.choicesRequired" });
    }
  })
  .transform((item) => ({
    kind: item.kind,
    answerType: item.kind === "question" ? (item.answerType ?? null) : null,
    choices: item.kind === "question" && item.answerType === "choice" ? [...new Set(item.choices ?? [])] : null,
    label: item.label,
    hint: item.hint || null,
    required: item.required,
  }));
export type ItemDefinition = z.output<typeof ItemDefinitionSchema>;

export const ReminderScheduleSchema = z.object({
  before: z.array(z.number().int().min(-60).max(0)).max(MAX_REMINDERS),
  overdueEvery: z.number().int().min(0).max(60),
  max: z.number().int().min(0).max(MAX_REMINDERS),
});

/** A new list: from scratch (items) or from a template (its items, title and message unless given). */
export const CreateListSchema = z
  .object({
    clientId: id,
    serviceOrderId: id.nullish(),
    templateId: id.nullish(),
    title: title.optional(),
    message: message.optional(),
    dueDate,
    assigneeId: id.nullish(),
    items: z.array(ItemDefinitionSchema).max(MAX_ITEMS_PER_LIST, "requests:errors.tooManyItems").default([]),
    remindersEnabled: flag.default(true),
    reminderSchedule: ReminderScheduleSchema.optional(),
  })
  .superRefine((input, context) => {
    if (!input.templateId && input.items.length === 0) context.addIssue({ code: "custom", path: ["items"], message: "requests:errors.itemsRequired" });
    if (!input.templateId && !input.title) context.addIssue({ code: "custom", path: ["title"], message: "requests:errors.titleRequired" });
  });
export type CreateListInput = z.input<typeof CreateListSchema>;
export type CreateListData = z.output<typeof CreateListSchema>;

/** What staff may change on an active list. */
export const UpdateListSchema = z.object({
  title: title.optional(),
  message: message.optional(),
  dueDate: dueDate.optional(),
  assigneeId: id.nullish(),
  remindersEnabled: flag.optional(),
  reminderSchedule: ReminderScheduleSchema.optional(),
});
export type UpdateListInput = z.input<typeof UpdateListSchema>;
export type UpdateListData = z.output<typeof UpdateListSchema>;

const shortText = z.string().trim().min(1, "requests:errors.answerRequired").max(300, "requests:errors.answerTooLong");
const longText = z.string().trim().min(1, "requests:errors.answerRequired").max(10_000, "requests:errors.answerTooLong");

/** The answer to one item, by its kind and answer type, as the text stored (numbers and days normalised). */
export function answerSchemaFor(item: {
  kind: RequestItemKind;
  answerType: AnswerType | null;
  choices: readonly string[] | null;
}): z.ZodType<string, z.ZodTypeDef, unknown> {
  if (item.kind === "confirmation") {
    return z.preprocess(
      (value) => (value === true || value === "on" || value === "true" ? "yes" : value),
      z.literal("yes", { errorMap: () => ({ message: "requests:errors.confirmationRequired" }) }),
    );
  }
  switch (item.answerType) {
    case "long_text":
      return longText;
    case "yes_no":
      return z.preprocess(
        (value) => (value === true ? "yes" : value === false ? "no" : value),
        z.enum(["yes", "no"], { errorMap: () => ({ message: "requests:errors.yesNoRequired" }) }),
      );
    case "date":
      return isoDay("requests:errors.dateInvalid");
    case "number":
      return z
        .union([
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d+(\.\d+)?$/, "requests:errors.numberInvalid"),
        ])
        .transform(Number)
        .refine((value) => Number.isFinite(value), "requests:errors.numberInvalid")
        .transform(String);
    case "choice":
      return z.string().refine((value) => (item.choices ?? []).includes(value), "requests:errors.choiceInvalid");
    default:
      return shortText;
  }
}

export const AnswerSchema = z.object({ answer: z.unknown() });

export const NotApplicableSchema = z.object({
  reason: z
    .string({ required_error: "requests:errors.reasonRequired" })
    .trim()
    .min(1, "requests:errors.reasonRequired")
    .max(1000, "requests:errors.reasonTooLong"),
});

/** Staff's review of one item: a note is optional to accept and required to return. */
export const AcceptItemSchema = z.object({ note: z.string().trim().max(2000, "requests:errors.noteTooLong").optional() });
export const ReturnItemSchema = z.object({
  note: z.string({ required_error: "requests:errors.noteRequired" }).trim().min(1, "requests:errors.noteRequired").max(2000, "requests:errors.noteTooLong"),
});

export const CancelListSchema = z.object({ reason: z.string().trim().max(1000, "requests:errors.reasonTooLong").optional() });

export const TemplateSchema = z.object({
  serviceKey: z.string().trim().min(1).max(100).nullish(),
  locale: z.enum(supportedLanguages, { errorMap: () => ({ message: "requests:errors.localeInvalid" }) }),
  title,
  message: message.default(""),
  items: z.array(ItemDefinitionSchema).min(1, "requests:errors.itemsRequired").max(MAX_ITEMS_PER_LIST, "requests:errors.tooManyItems"),
});
export type TemplateInput = z.input<typeof TemplateSchema>;
export type TemplateData = z.output<typeof TemplateSchema>;

/** /dashboard/requests: status, overdue or waiting for the firm's review, assignee ("none" for unassigned). */
export const REQUEST_VIEWS = ["overdue", "review"] as const;
export const REQUEST_SORTS = ["due", "created"] as const;
export const RequestListFilters = {
  status: z.enum(LIST_STATUSES).optional().catch(undefined),
  view: z.enum(REQUEST_VIEWS).optional().catch(undefined),
  assignee: z.string().trim().min(1).max(100).optional().catch(undefined),
  clientId: z.string().trim().min(1).max(100).optional().catch(undefined),
};
export function parseRequestListQuery(url: URL) {
  return parseListQuery(url, { filters: RequestListFilters, sorts: REQUEST_SORTS });
}
export type RequestListQuery = ReturnType<typeof parseRequestListQuery>;
