import { sql, type RawBuilder } from "kysely";
import { appointmentReferenceSql, getAppointment } from "~/features/appointments/index.server";
import { notify } from "~/core/notify.server";
import { canReadOrder, getOrder, orderReferenceSql } from "~/features/service-orders/index.server";
import { officeToday } from "~/core/office/today.server";
import { findActiveBackOfficeUser, findClientById, listBackOfficeUsersWith, userColumnSql } from "~/core/identity/directory.server";
import { forbidden, invalid, notFound } from "~/lib/app-error";
import { db } from "~/lib/db/db.server";
import { canUseBackOffice } from "~/lib/features";
import { newId, nowIso } from "~/lib/ids.server";
import { DEFAULT_PER_PAGE, type Page, type PageRequest } from "~/lib/pagination";
import { containsPattern, countCapped, keysetPage, type SortKey } from "~/lib/pagination.server";
import { OPEN_STATUSES, TASK_STATUSES, isTaskStatus, nextDueDate, type LinkKind, type Recurrence, type TaskPriority, type TaskStatus } from "./status";
import type { TASK_SORTS, TaskInput, TaskListQuery, TaskPatchInput } from "./tasks.schema";

/**
 * Tasks of the back-office (tables tasks and task_comments: the only code touching them).
 * Who: the owner, admins, and staff granted the `tasks` feature; a client reaches none.
 * Rules: one optional link (a client, an order, an appointment or a translation file);
 * the assignee is someone who may open tasks, told at once; finishing a recurring task
 * makes exactly one next (a unique previous_task_id); a daily job reminds assignees of
 * what is due today or overdue, once a day (reminded_on).
 */
export type Actor = { id: string; role: string; enabledFeatures: readonly string[] };

export type TaskLink = { kind: LinkKind; id: string; label: string; href: string | null };

export type TaskListItem = {
  id: string;
  title: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  recurrence: Recurrence | null;
  link: TaskLink | null;
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
};

export type TaskDetail = TaskListItem & {
  description: string | null;
  createdByName: string | null;
  completedAt: string | null;
  previousTaskId: string | null;
  nextTaskId: string | null;
  orderId: string | null;
  appointmentId: string | null;
  clientId: string | null;
  translationFileId: string | null;
};

export type TaskComment = { id: string; body: string; authorId: string | null; authorName: string | null; createdAt: string };

const NO_DUE = "9999-12-31";
// The expression of the due-date indexes (db/migrations/0006_tasks.ts): a task without a due date last.
const dueKey = sql<string>`coalesce(${sql.ref("t.dueDate")}, '9999-12-31')`;
const notFoundTask = () => notFound("tasks:errors.notFound");

let lastStamp = 0;
/** Strictly increasing within the process, so tasks and comments made in one millisecond keep their order. */
function nextStamp(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

function assertTasks(actor: Actor): void {
  if (!canUseBackOffice(actor, "tasks")) throw forbidden();
}

// The link's label comes from its own area (order and appointment references) or, for the
// client, the users table by join (as the reports area does); the translations area has no
// lookup yet, so its languages are read here until it offers one.
function translationFileLabelSql(ref: string): RawBuilder<string | null> {
  return sql<string | null>`(select upper(tf.source_language) || ' → ' || upper(tf.target_language) from translation_files tf where tf.id = ${sql.ref(ref)})`;
}

function tasksTable() {
  return db().selectFrom("tasks as t");
}

/** A (filtered) tasks query with the columns of a list row: the names are read by id for the rows read only. */
function withColumns(base: ReturnType<typeof tasksTable>) {
  return base.select([
    "t.id",
    "t.title",
    "t.status",
    "t.priority",
    "t.dueDate",
    "t.assigneeId",
    userColumnSql("t.assigneeId", "fullName").as("assigneeName"),
    "t.recurrence",
    "t.orderId",
    "t.appointmentId",
    "t.clientId",
    "t.translationFileId",
    userColumnSql("t.clientId", "fullName").as("clientName"),
    orderReferenceSql("t.orderId").as("orderReference"),
    appointmentReferenceSql("t.appointmentId").as("appointmentReference"),
    translationFileLabelSql("t.translationFileId").as("translationFileLabel"),
    "t.createdAt",
    "t.updatedAt",
  ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof withColumns>["execute"]>>[number];

function linkOf(row: ListRow): TaskLink | null {
  if (row.orderId) return { kind: "order", id: row.orderId, label: row.orderReference ?? row.orderId, href: `/dashboard/service-orders/${row.orderId}` };
  if (row.appointmentId)
    return {
      kind: "appointment",
      id: row.appointmentId,
      label: row.appointmentReference ?? row.appointmentId,
      href: `/dashboard/appointments/${row.appointmentId}`,
    };
  if (row.clientId) return { kind: "client", id: row.clientId, label: row.clientName ?? row.clientId, href: `/dashboard/clients/${row.clientId}` };
  if (row.translationFileId)
    return {
      kind: "translationFile",
      id: row.translationFileId,
      label: row.translationFileLabel ?? row.translationFileId,
      href: `/dashboard/translations/${row.translationFileId}`,
    };
  return null;
}

function toItem(row: ListRow, today: string): TaskListItem {
  const status = isTaskStatus(row.status) ? row.status : "todo";
  return {
    id: row.id,
    title: row.title,
    status,
    priority: row.priority as TaskPriority,
    dueDate: row.dueDate,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    recurrence: (row.recurrence as Recurrence | null) ?? null,
    link: linkOf(row),
    overdue: OPEN_STATUSES.includes(status) && row.dueDate !== null && row.dueDate < today,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** How each sort walks the list: indexed keys ending with the id (db/migrations/0006_tasks.ts). */
const TASK_SORT_KEYS: Record<(typeof TASK_SORTS)[number], { keys: Array<SortKey<ListRow>>; direction: "asc" | "desc" }> = {
  due: {
    keys: [
      { ref: dueKey, value: (row) => row.dueDate ?? NO_DUE },
      { ref: "t.id", value: (row) => row.id },
    ],
    direction: "asc",
  },
  created: {
    keys: [
      { ref: "t.createdAt", value: (row) => row.createdAt },
      { ref: "t.id", value: (row) => row.id },
    ],
    direction: "desc",
  },
};

/** The day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Tasks one page at a time (`parseTaskListQuery`): `view` mine (assigned to the caller),
 * all (the default), overdue (open, due before today), week (open, due today to six days on);
 * then status, priority, assignee, title search and a link. Sorted by due date (none last) or newest.
 */
export async function listTasks(actor: Actor, query: Partial<TaskListQuery>, now = new Date()): Promise<Page<TaskListItem>> {
  assertTasks(actor);
  const today = await officeToday(now);
  const request: PageRequest = { page: query.page ?? 1, perPage: query.perPage ?? DEFAULT_PER_PAGE, after: query.after, before: query.before };
  let base = tasksTable();
  if (query.view === "mine") base = base.where("t.assigneeId", "=", actor.id);
  if (query.view === "overdue") base = base.where("t.status", "in", [...OPEN_STATUSES]).where("t.dueDate", "<", today);
  if (query.view === "week")
    base = base
      .where("t.status", "in", [...OPEN_STATUSES])
      .where("t.dueDate", ">=", today)
      .where("t.dueDate", "<=", addDays(today, 6));
  if (query.status) base = base.where("t.status", "=", query.status);
  if (query.priority) base = base.where("t.priority", "=", query.priority);
  if (query.assignee) base = base.where("t.assigneeId", "=", query.assignee === "me" ? actor.id : query.assignee);
  if (query.orderId) base = base.where("t.orderId", "=", query.orderId);
  if (query.appointmentId) base = base.where("t.appointmentId", "=", query.appointmentId);
  if (query.clientId) base = base.where("t.clientId", "=", query.clientId);
  if (query.translationFileId) base = base.where("t.translationFileId", "=", query.translationFileId);
  const q = query.q?.trim();
  if (q) base = base.where((eb) => eb(eb.fn("lower", ["t.title"]), "like", sql<string>`${containsPattern(q)} escape '\\'`));
  const page = await keysetPage(withColumns(base), request, { ...TASK_SORT_KEYS[query.sort ?? "due"], count: () => countCapped(base), base });
  return { ...page, items: page.items.map((row) => toItem(row, today)) };
}

async function findTaskRow(actor: Actor, id: string) {
  assertTasks(actor);
  const row = await db().selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFoundTask();
  return row;
}

/** One task with its link, author and the recurring chain around it. */
export async function getTask(actor: Actor, id: string, now = new Date()): Promise<TaskDetail> {
  assertTasks(actor);
  const row = await withColumns(tasksTable().where("t.id", "=", id))
    .select(["t.description", userColumnSql("t.createdBy", "fullName").as("createdByName"), "t.completedAt", "t.previousTaskId"])
    .select((eb) => eb.selectFrom("tasks as n").select("n.id").whereRef("n.previousTaskId", "=", "t.id").as("nextTaskId"))
    .executeTakeFirst();
  if (!row) throw notFoundTask();
  const today = await officeToday(now);
  return {
    ...toItem(row, today),
    description: row.description,
    createdByName: row.createdByName,
    completedAt: row.completedAt,
    previousTaskId: row.previousTaskId,
    nextTaskId: row.nextTaskId ?? null,
    orderId: row.orderId,
    appointmentId: row.appointmentId,
    clientId: row.clientId,
    translationFileId: row.translationFileId,
  };
}

type Links = Pick<TaskInput, "orderId" | "appointmentId" | "clientId" | "translationFileId">;

/** A link that exists, or a refusal naming the field. At most one link per task. */
async function checkLinks(links: Links): Promise<void> {
  const given = (["orderId", "appointmentId", "clientId", "translationFileId"] as const).filter((key) => links[key]);
  if (given.length > 1) throw invalid("tasks:errors.oneLink");
  const field = given[0];
  if (!field) return;
  const id = links[field]!;
  // Existence only, whoever asks: who may open the linked record is its own area's rule.
  const system = { id: "", role: "owner" };
  let exists = false;
  if (field === "orderId") exists = await canReadOrder(system, id);
  if (field === "appointmentId")
    exists = await getAppointment(system, id).then(
      () => true,
      () => false,
    );
  if (field === "clientId") exists = Boolean(await findClientById(id));
  if (field === "translationFileId") exists = Boolean(await db().selectFrom("translationFiles").select("id").where("id", "=", id).executeTakeFirst());
  if (!exists) throw invalid("tasks:errors.linkInvalid", { field });
}

async function checkAssignee(assigneeId: string | null | undefined): Promise<void> {
  if (!assigneeId) return;
  const person = await findActiveBackOfficeUser(assigneeId);
  if (!person || !canUseBackOffice(person, "tasks")) throw invalid("tasks:errors.assigneeInvalid", { field: "assigneeId" });
}

/** The people a task may be assigned to: the owner, admins, and staff granted tasks (bounded). */
export async function listTaskAssignees(actor: Actor): Promise<Array<{ id: string; fullName: string }>> {
  assertTasks(actor);
  return listBackOfficeUsersWith("tasks");
}

async function tellAssignee(actor: Actor, task: { id: string; title: string; assigneeId: string | null }): Promise<void> {
  if (!task.assigneeId || task.assigneeId === actor.id) return;
  await notify({
    userId: task.assigneeId,
    type: "task.assigned",
    titleKey: "tasks:notifications.assigned.title",
    bodyKey: "tasks:notifications.assigned.body",
    params: { title: task.title },
    link: `/dashboard/tasks/${task.id}`,
  });
}

/** A new task; its assignee (when someone else) is told at once. */
export async function createTask(actor: Actor, input: TaskInput): Promise<{ id: string }> {
  assertTasks(actor);
  await checkAssignee(input.assigneeId);
  await checkLinks(input);
  const id = newId();
  const status = input.status ?? "todo";
  const now = nextStamp();
  await db()
    .insertInto("tasks")
    .values({
      id,
      title: input.title,
      description: input.description || null,
      status,
      priority: input.priority ?? "normal",
      assigneeId: input.assigneeId || null,
      dueDate: input.dueDate || null,
      recurrence: input.recurrence || null,
      orderId: input.orderId || null,
      appointmentId: input.appointmentId || null,
      clientId: input.clientId || null,
      translationFileId: input.translationFileId || null,
      createdBy: actor.id,
      completedAt: status === "done" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await tellAssignee(actor, { id, title: input.title, assigneeId: input.assigneeId ?? null });
  return { id };
}

/**
 * The next occurrence of a finished recurring task: same title, description, assignee,
 * priority and link, due one period after the finished one's due date (or today), moved on
 * until it is not in the past. `previous_task_id` is unique and the insert does nothing on
 * conflict: however many times (and from however many requests) a task is finished, it has
 * exactly one next. Returns the next task's id.
 */
async function ensureNextOccurrence(taskId: string, now = new Date()): Promise<string | null> {
  const task = await db().selectFrom("tasks").selectAll().where("id", "=", taskId).executeTakeFirst();
  if (!task?.recurrence) return null;
  const recurrence = task.recurrence as Recurrence;
  const today = await officeToday(now);
  let due = nextDueDate(task.dueDate ?? today, recurrence);
  for (let guard = 0; due < today && guard < 1000; guard += 1) due = nextDueDate(due, recurrence);
  const stamp = nextStamp();
  await db()
    .insertInto("tasks")
    .values({
      id: newId(),
      title: task.title,
      description: task.description,
      status: "todo",
      priority: task.priority,
      assigneeId: task.assigneeId,
      dueDate: due,
      recurrence: task.recurrence,
      orderId: task.orderId,
      appointmentId: task.appointmentId,
      clientId: task.clientId,
      translationFileId: task.translationFileId,
      previousTaskId: task.id,
      createdBy: task.createdBy,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .onConflict((oc) => oc.column("previousTaskId").doNothing())
    .execute();
  const next = await db().selectFrom("tasks").select("id").where("previousTaskId", "=", task.id).executeTakeFirst();
  return next?.id ?? null;
}

/** Moves a task to a status (the board, the API's PATCH); finishing a recurring one makes its next. */
export async function changeTaskStatus(actor: Actor, id: string, to: string): Promise<{ from: TaskStatus; to: TaskStatus; nextTaskId: string | null }> {
  const task = await findTaskRow(actor, id);
  if (!isTaskStatus(to)) throw invalid("tasks:errors.statusInvalid", { field: "status" });
  const from = isTaskStatus(task.status) ? task.status : "todo";
  const now = nowIso();
  if (from !== to) {
    await db()
      .updateTable("tasks")
      .set({ status: to, completedAt: to === "done" ? now : null, updatedAt: now })
      .where("id", "=", id)
      .execute();
  }
  const nextTaskId = to === "done" ? await ensureNextOccurrence(id) : null;
  return { from, to, nextTaskId };
}

/** Changes what is given (null clears); a new assignee is told; a status change follows changeTaskStatus. */
export async function updateTask(actor: Actor, id: string, patch: TaskPatchInput): Promise<void> {
  const task = await findTaskRow(actor, id);
  if (patch.assigneeId !== undefined) await checkAssignee(patch.assigneeId);
  const linkKeys = ["orderId", "appointmentId", "clientId", "translationFileId"] as const;
  if (linkKeys.some((key) => patch[key] !== undefined)) {
    const merged = Object.fromEntries(linkKeys.map((key) => [key, patch[key] !== undefined ? patch[key] : task[key]])) as Links;
    await checkLinks(merged);
  }
  const values: Record<string, string | null> = {};
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.description !== undefined) values.description = patch.description || null;
  if (patch.assigneeId !== undefined) values.assigneeId = patch.assigneeId || null;
  if (patch.dueDate !== undefined) {
    values.dueDate = patch.dueDate || null;
    // A new due date is a new reminder.
    if ((patch.dueDate || null) !== task.dueDate) values.remindedOn = null;
  }
  if (patch.priority !== undefined) values.priority = patch.priority;
  if (patch.recurrence !== undefined) values.recurrence = patch.recurrence || null;
  for (const key of linkKeys) if (patch[key] !== undefined) values[key] = patch[key] || null;
  if (Object.keys(values).length > 0) {
    await db()
      .updateTable("tasks")
      .set({ ...values, updatedAt: nowIso() })
      .where("id", "=", id)
      .execute();
  }
  if (patch.status !== undefined) await changeTaskStatus(actor, id, patch.status);
  const assigneeId = values.assigneeId;
  if (assigneeId !== undefined && assigneeId !== task.assigneeId) await tellAssignee(actor, { id, title: values.title ?? task.title, assigneeId });
}

/** Deletes a task and its comments (a later occurrence stays, its link to this one cleared). */
export async function deleteTask(actor: Actor, id: string): Promise<void> {
  await findTaskRow(actor, id);
  await db().deleteFrom("tasks").where("id", "=", id).execute();
}

/** A task's comments, oldest first, one page at a time. */
export async function listTaskComments(actor: Actor, taskId: string, request: Partial<PageRequest> = {}): Promise<Page<TaskComment>> {
  await findTaskRow(actor, taskId);
  const page: PageRequest = { page: request.page ?? 1, perPage: request.perPage ?? 50, after: request.after, before: request.before };
  const base = db().selectFrom("taskComments as tc").where("tc.taskId", "=", taskId);
  const query = base.select(["tc.id", "tc.body", "tc.authorId", userColumnSql("tc.authorId", "fullName").as("authorName"), "tc.createdAt"]);
  return keysetPage(query, page, {
    keys: [
      { ref: "tc.createdAt", value: (row) => row.createdAt },
      { ref: "tc.id", value: (row) => row.id },
    ],
    direction: "asc",
    count: () => countCapped(base),
    base,
  });
}

/** A comment; the assignee, when someone else wrote it, is told. */
export async function addTaskComment(actor: Actor, taskId: string, body: string): Promise<TaskComment> {
  const task = await findTaskRow(actor, taskId);
  const comment = { id: newId(), taskId, authorId: actor.id, body: body.trim(), createdAt: nextStamp() };
  await db().insertInto("taskComments").values(comment).execute();
  if (task.assigneeId && task.assigneeId !== actor.id) {
    await notify({
      userId: task.assigneeId,
      type: "task.comment",
      titleKey: "tasks:notifications.comment.title",
      bodyKey: "tasks:notifications.comment.body",
      params: { title: task.title },
      link: `/dashboard/tasks/${taskId}`,
    });
  }
  const author = "fullName" in actor && typeof actor.fullName === "string" ? actor.fullName : null;
  return { id: comment.id, body: comment.body, authorId: actor.id, authorName: author, createdAt: comment.createdAt };
}

// ---------------------------------------------------------------------------
// The board

export const BOARD_COLUMN_SIZE = 25;

export type TaskBoardColumn = { status: TaskStatus; total: number; tasks: TaskListItem[] };

/**
 * The board by status: each column's first BOARD_COLUMN_SIZE cards (open ones by due date,
 * finished and cancelled ones most recently changed first) and its count; `mine` keeps the caller's.
 */
export async function listTaskBoard(actor: Actor, options: { mine?: boolean } = {}, now = new Date()): Promise<TaskBoardColumn[]> {
  assertTasks(actor);
  const today = await officeToday(now);
  return Promise.all(
    TASK_STATUSES.map(async (status) => {
      let base = tasksTable().where("t.status", "=", status);
      if (options.mine) base = base.where("t.assigneeId", "=", actor.id);
      let query = withColumns(base);
      query = OPEN_STATUSES.includes(status) ? query.orderBy(dueKey).orderBy("t.id") : query.orderBy("t.updatedAt", "desc").orderBy("t.id", "desc");
      const [rows, total] = await Promise.all([query.limit(BOARD_COLUMN_SIZE).execute(), countCapped(base)]);
      return { status, total, tasks: rows.map((row) => toItem(row, today)) };
    }),
  );
}

// ---------------------------------------------------------------------------
// Other areas' pages: the tasks of a record

export type LinkFilter = { orderId: string } | { appointmentId: string } | { clientId: string } | { translationFileId: string };

export type LinkedTasksData = {
  tasks: TaskListItem[];
  total: number;
  /** `/dashboard/tasks/new?orderId=…`: a new task linked to this record. */
  newHref: string;
  /** The list of all of them. */
  listHref: string;
};

export const LINKED_TASKS_LIMIT = 10;

/**
 * For a record's page (an order, an appointment, a translation file, a client): its tasks,
 * the open ones first by due date, at most LINKED_TASKS_LIMIT, and where to make a new one.
 * Null when the caller may not open tasks (the page then shows nothing).
 */
export async function loadLinkedTasks(actor: Actor, link: LinkFilter, now = new Date()): Promise<LinkedTasksData | null> {
  if (!canUseBackOffice(actor, "tasks")) return null;
  const [key, id] = Object.entries(link)[0] as [keyof Links & string, string];
  const page = await listTasks(actor, { view: "all", [key]: id, perPage: LINKED_TASKS_LIMIT }, now);
  const params = new URLSearchParams({ [key]: id });
  return { tasks: page.items, total: page.total, newHref: `/dashboard/tasks/new?${params}`, listHref: `/dashboard/tasks?view=all&${params}` };
}

/** What a prefilled new-task form will link to (`?orderId=` …), or null when there is no such record. */
export async function describeLink(actor: Actor, link: Links, language = "en"): Promise<TaskLink | null> {
  assertTasks(actor);
  const system = { id: "", role: "owner" };
  if (link.orderId) {
    const order = await getOrder(system, link.orderId, language).catch(() => null);
    return order ? { kind: "order", id: order.id, label: order.reference, href: `/dashboard/service-orders/${order.id}` } : null;
  }
  if (link.appointmentId) {
    const appointment = await getAppointment(system, link.appointmentId, language).catch(() => null);
    return appointment ? { kind: "appointment", id: appointment.id, label: appointment.reference, href: `/dashboard/appointments/${appointment.id}` } : null;
  }
  if (link.clientId) {
    const client = await findClientById(link.clientId);
    return client ? { kind: "client", id: client.id, label: client.fullName, href: `/dashboard/clients/${client.id}` } : null;
  }
  if (link.translationFileId) {
    const file = await db()
      .selectFrom("translationFiles")
      .select(["id", "sourceLanguage", "targetLanguage"])
      .where("id", "=", link.translationFileId)
      .executeTakeFirst();
    return file
      ? {
          kind: "translationFile",
          id: file.id,
          label: `${file.sourceLanguage.toUpperCase()} → ${file.targetLanguage.toUpperCase()}`,
          href: `/dashboard/translations/${file.id}`,
        }
      : null;
  }
  return null;
}

// ---------------------------------------------------------------------------
// The daily reminder

const REMINDER_BATCH = 200;

/**
 * Tells each assignee of an open task due on `day` ("due today") or before ("overdue"),
 * once per task and day: `reminded_on` is set by a guarded update before the notification,
 * so a second run the same day (another instance, a retry) tells no one again. In batches.
 */
export async function sendDueReminders(day: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db()
      .selectFrom("tasks")
      .select(["id", "title", "assigneeId", "dueDate"])
      .where("status", "in", [...OPEN_STATUSES])
      .where("assigneeId", "is not", null)
      .where("dueDate", "<=", day)
      .where((eb) => eb.or([eb("remindedOn", "is", null), eb("remindedOn", "<", day)]))
      .orderBy("id")
      .limit(REMINDER_BATCH)
      .execute();
    if (batch.length === 0) return sent;
    for (const task of batch) {
      const claimed = await db()
        .updateTable("tasks")
        .set({ remindedOn: day })
        .where("id", "=", task.id)
        .where((eb) => eb.or([eb("remindedOn", "is", null), eb("remindedOn", "<", day)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const dueToday = task.dueDate === day;
      await notify({
        userId: task.assigneeId!,
        type: dueToday ? "task.due_today" : "task.overdue",
        titleKey: dueToday ? "tasks:notifications.dueToday.title" : "tasks:notifications.overdue.title",
        bodyKey: dueToday ? "tasks:notifications.dueToday.body" : "tasks:notifications.overdue.body",
        params: { title: task.title, dueDate: task.dueDate! },
        link: `/dashboard/tasks/${task.id}`,
      });
      sent += 1;
    }
    if (batch.length < REMINDER_BATCH) return sent;
  }
}

/** Open tasks assigned to someone (the dashboard overview may show it). */
export async function countOpenTasksOf(userId: string): Promise<number> {
  const { count } = await db()
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("assigneeId", "=", userId)
    .where("status", "in", [...OPEN_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Dashboard statistics: open tasks due before today (the office's), as `?view=overdue` lists them (tasks_status_idx). */
export async function countOverdueTasks(now = new Date()): Promise<number> {
  const today = await officeToday(now);
  const row = await db()
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "in", [...OPEN_STATUSES])
    .where("dueDate", "<", today)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
