/**
 * Task statuses, priorities and recurrences (client-safe: the board and forms use them).
 * Any status may follow any other except itself: a task is started, finished, cancelled,
 * reopened or put back at will; finishing a recurring one makes its next (tasks.server.ts).
 */
export const TASK_STATUSES = ["todo", "in_progress", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const OPEN_STATUSES: readonly TaskStatus[] = ["todo", "in_progress"];

export const TASK_PRIORITIES = ["low", "normal", "high"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const RECURRENCES = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** The lists of /dashboard/tasks: mine, all, overdue, due this week (the next seven days). */
export const TASK_VIEWS = ["mine", "all", "overdue", "week"] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const LINK_KINDS = ["order", "appointment", "client", "translationFile"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === "string" && (TASK_STATUSES as readonly string[]).includes(value);
}

/** Where a card in one column may go: every other column. */
export function taskTargets(from: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((status) => status !== from);
}

/** The due date of the next occurrence: the same day one period later (month ends clamp: Jan 31 → Feb 28). */
export function nextDueDate(day: string, recurrence: Recurrence): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  if (recurrence === "weekly") {
    const next = new Date(Date.UTC(year, month - 1, date + 7));
    return next.toISOString().slice(0, 10);
  }
  const months = recurrence === "monthly" ? 1 : recurrence === "quarterly" ? 3 : 12;
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
