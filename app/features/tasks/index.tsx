// The tasks area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { LinkedTasks } from "./linked-tasks";
export { TASK_PRIORITIES, TASK_STATUSES, TASK_VIEWS, type TaskStatus, taskTargets } from "./status";
export { TaskDue, TaskFormFields, TaskLinkLabel, TaskPriorityLabel, TaskRepeats, TaskStatusBadge } from "./task-parts";
export { parseTaskListQuery, TaskCommentSchema, TaskCreateApiSchema, TaskFormSchema, TaskMoveFormSchema, TaskPatchApiSchema } from "./tasks.schema";
