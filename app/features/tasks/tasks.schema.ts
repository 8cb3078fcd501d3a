import { z } from "zod";
import { parseListQuery } from "~/lib/pagination";
import { RECURRENCES, TASK_PRIORITIES, TASK_STATUSES, TASK_VIEWS } from "./status";

/** Forms and API bodies of the tasks area; messages are i18n keys. */
const title = z.string({ required_error: "tasks:errors.titleRequired" }).trim().min(1, "tasks:errors.titleRequired").max(200, "tasks:errors.titleTooLong");
const description = z.string().trim().max(5000, "tasks:errors.descriptionTooLong");
const dueDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "tasks:errors.dueDateInvalid")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "tasks:errors.dueDateInvalid");
const status = z.enum(TASK_STATUSES, { errorMap: () => ({ message: "tasks:errors.statusInvalid" }) });
const priority = z.enum(TASK_PRIORITIES, { errorMap: () => ({ message: "tasks:errors.priorityInvalid" }) });
const recurrence = z.enum(RECURRENCES, { errorMap: () => ({ message: "tasks:errors.recurrenceInvalid" }) });
const id = z.string().trim().min(1).max(100);

/** /dashboard/tasks/new and the edit form of /dashboard/tasks/{id} (empty fields arrive as undefined). */
export const TaskFormSchema = z.object({
  title,
  description: description.optional(),
  assigneeId: id.optional(),
  dueDate: dueDate.optional(),
  priority: priority.default("normal"),
  status: status.default("todo"),
  recurrence: recurrence.optional(),
  orderId: id.optional(),
  appointmentId: id.optional(),
  clientId: id.optional(),
  translationFileId: id.optional(),
});
export type TaskFormInput = z.infer<typeof TaskFormSchema>;

/** What the rule module takes to create a task (page and API alike). */
export type TaskInput = {
  title: string;
  description?: string | null;
  assigneeId?: string | null;
  dueDate?: string | null;
  priority?: (typeof TASK_PRIORITIES)[number];
  status?: (typeof TASK_STATUSES)[number];
  recurrence?: (typeof RECURRENCES)[number] | null;
  orderId?: string | null;
  appointmentId?: string | null;
  clientId?: string | null;
  translationFileId?: string | null;
};

/** POST /api/tasks. */
export const TaskCreateApiSchema = z.object({
  title,
  description: description.nullable().optional(),
  assigneeId: id.nullable().optional(),
  dueDate: dueDate.nullable().optional(),
  priority: priority.optional(),
  status: status.optional(),
  recurrence: recurrence.nullable().optional(),
  orderId: id.nullable().optional(),
  appointmentId: id.nullable().optional(),
  clientId: id.nullable().optional(),
  translationFileId: id.nullable().optional(),
});

/** PATCH /api/tasks/{id}: any of the fields; null clears an optional one. */
export const TaskPatchApiSchema = TaskCreateApiSchema.partial().strict();
export type TaskPatchInput = z.infer<typeof TaskPatchApiSchema>;

/** The board's move buttons (and drag and drop, which submits the same fields). */
export const TaskMoveFormSchema = z.object({ id, status });

/** A comment on a task (page form and POST /api/tasks/{id}/comments). */
export const TaskCommentSchema = z.object({
  body: z.string({ required_error: "tasks:errors.commentRequired" }).trim().min(1, "tasks:errors.commentRequired").max(5000, "tasks:errors.commentTooLong"),
});

/** The list filters in the query string (pages and API alike); a bad value is dropped. */
const TASK_LIST_FILTERS = {
  view: z.enum(TASK_VIEWS),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  assignee: id,
  q: z.string().trim().min(1).max(100),
  orderId: id,
  appointmentId: id,
  clientId: id,
  translationFileId: id,
};
export const TASK_SORTS = ["due", "created"] as const;

/** `?page&perPage`, `view` (mine | all | overdue | week), `status`, `priority`, `assignee`, `q`, a link id, `sort` (due | created). */
export function parseTaskListQuery(source: URL | URLSearchParams) {
  return parseListQuery(source, { filters: TASK_LIST_FILTERS, sorts: TASK_SORTS });
}
export type TaskListQuery = ReturnType<typeof parseTaskListQuery>;
