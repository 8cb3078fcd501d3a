import { beforeAll, expect, it } from "vitest";
import * as taskPage from "~/routes/dashboard+/tasks.$id";
import * as taskBoardPage from "~/routes/dashboard+/tasks.board";
import * as taskNewPage from "~/routes/dashboard+/tasks.new";
import * as tasksPage from "~/routes/dashboard+/tasks._index";
import * as taskCommentsRoute from "~/routes/api+/tasks.$id.comments";
import * as taskRoute from "~/routes/api+/tasks.$id";
import * as tasksRoute from "~/routes/api+/tasks";
import "~/features/tasks/jobs.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { nextDueDate } from "~/features/tasks/status";
import {
  addTaskComment,
  changeTaskStatus,
  createTask,
  getTask,
  listTaskComments,
  listTasks,
  loadLinkedTasks,
  sendDueReminders,
  updateTask,
  type Actor,
} from "~/features/tasks/tasks.server";
import { enqueueDueSchedules, runDueJobs } from "~/lib/jobs.server";
import { describeEachDialect } from "../setup/database";
import { call, callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";

const asActor = (user: TestUser, features: string[] = []): Actor => ({ id: user.id, role: user.role, enabledFeatures: features });

describeEachDialect("tasks", (db) => {
  let cast: Cast;
  let admin: Actor;
  let owner: Actor;
  let staff: TestUser;
  let staffWithout: TestUser;
  let orderId: string;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    admin = asActor(cast.admin);
    owner = asActor(cast.owner);
    staff = await makeUser(db(), { role: "staff", features: ["tasks"] });
    staffWithout = await makeUser(db(), { role: "staff", features: ["inbox"] });
    ({ id: orderId } = await createOrder(cast.clientA, { service: "translation", details: "Translate my diploma into English." }, [], "en"));
  });

  const notificationsOf = (userId: string, type: string) =>
    db().selectFrom("notifications").select(["id", "titleKey", "params", "link"]).where("userId", "=", userId).where("type", "=", type).execute();

  it("computes the next due date of each recurrence (month ends clamp)", () => {
    expect(nextDueDate("2030-01-31", "weekly")).toBe("2030-02-07");
    expect(nextDueDate("2030-01-31", "monthly")).toBe("2030-02-28");
    expect(nextDueDate("2030-11-30", "quarterly")).toBe("2031-02-28");
    expect(nextDueDate("2032-02-29", "yearly")).toBe("2033-02-28");
  });

  it("finishing a recurring task makes exactly one next one, even finished twice at once, reopened and finished again", async () => {
    const { id } = await createTask(admin, {
      title: "Monthly payroll filing",
      assigneeId: cast.owner.id,
      dueDate: "2099-01-31",
      recurrence: "monthly",
      orderId,
    });
    await Promise.all([
      changeTaskStatus(admin, id, "done"),
      changeTaskStatus(owner, id, "done"),
      call(taskRoute.action, { path: `/api/tasks/${id}`, method: "PATCH", as: cast.admin, params: { id }, body: { status: "done" } }),
    ]);
    await changeTaskStatus(admin, id, "todo");
    await updateTask(admin, id, { status: "done" });
    const next = await db().selectFrom("tasks").selectAll().where("previousTaskId", "=", id).execute();
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({
      title: "Monthly payroll filing",
      status: "todo",
      dueDate: "2099-02-28",
      recurrence: "monthly",
      assigneeId: cast.owner.id,
      orderId,
    });
    expect((await getTask(admin, id)).nextTaskId).toBe(next[0]!.id);
    // A task that does not repeat makes none.
    const { id: once } = await createTask(admin, { title: "One-off call" });
    await changeTaskStatus(admin, once, "done");
    expect(await db().selectFrom("tasks").select("id").where("previousTaskId", "=", once).execute()).toHaveLength(0);
  });

  it("tells the assignee at once (not someone assigning themselves), and again when reassigned", async () => {
    const before = (await notificationsOf(cast.owner.id, "task.assigned")).length;
    const { id } = await createTask(admin, { title: "Call the notary", assigneeId: cast.owner.id });
    const told = await notificationsOf(cast.owner.id, "task.assigned");
    expect(told.length).toBe(before + 1);
    expect(told.at(-1)).toMatchObject({ titleKey: "tasks:notifications.assigned.title", link: `/dashboard/tasks/${id}` });
    await createTask(admin, { title: "My own", assigneeId: cast.admin.id });
    expect(await notificationsOf(cast.admin.id, "task.assigned")).toHaveLength(0);
    await updateTask(owner, id, { assigneeId: staff.id });
    expect(await notificationsOf(staff.id, "task.assigned")).toHaveLength(1);
    // Only people who may open tasks can be assigned; one link at most, and it must exist.
    await expect(createTask(admin, { title: "x", assigneeId: staffWithout.id })).rejects.toMatchObject({ status: 400, field: "assigneeId" });
    await expect(createTask(admin, { title: "x", assigneeId: cast.clientA.id })).rejects.toMatchObject({ status: 400 });
    await expect(createTask(admin, { title: "x", orderId, clientId: cast.clientA.id })).rejects.toMatchObject({ status: 400, key: "tasks:errors.oneLink" });
    await expect(createTask(admin, { title: "x", orderId: "no-such-order" })).rejects.toMatchObject({ status: 400, field: "orderId" });
  });

  it("the daily reminder tells each assignee once a day, with two instances and two runs", async () => {
    const now = new Date("2098-03-10T15:00:00Z"); // 10:00 or 11:00 in the office's zone, after 07:00
    const day = "2098-03-10";
    const dueToday = await createTask(admin, { title: "File the quarterly return", assigneeId: staff.id, dueDate: day });
    const overdue = await createTask(admin, { title: "Send the engagement letter", assigneeId: staff.id, dueDate: "2098-03-01" });
    const later = await createTask(admin, { title: "Prepare next month", assigneeId: staff.id, dueDate: "2098-03-20" });
    const finished = await createTask(admin, { title: "Already done", assigneeId: staff.id, dueDate: "2098-03-01", status: "done" });
    const mine = [dueToday.id, overdue.id, later.id, finished.id].map((id) => `/dashboard/tasks/${id}`);
    const reminders = async () =>
      (
        await db()
          .selectFrom("notifications")
          .select(["type", "link"])
          .where("userId", "=", staff.id)
          .where("type", "in", ["task.due_today", "task.overdue"])
          .execute()
      ).filter((row) => mine.includes(row.link ?? ""));

    // Two instances ask for the day's job; two workers run what is due; then someone runs it again by hand.
    const created = await Promise.all([enqueueDueSchedules(now), enqueueDueSchedules(now)]);
    expect(created[0]! + created[1]!).toBeGreaterThanOrEqual(1);
    const jobs = await db().selectFrom("jobs").select(["id"]).where("name", "=", "tasks.reminders").where("uniqueKey", "=", `tasks.reminders:${day}`).execute();
    expect(jobs).toHaveLength(1);
    await Promise.all([runDueJobs("instance-a"), runDueJobs("instance-b")]);
    await sendDueReminders(day);
    const sent = await reminders();
    expect(sent.map((row) => `${row.type} ${row.link}`).sort()).toEqual([`task.due_today ${mine[0]}`, `task.overdue ${mine[1]}`].sort());

    // The next day the overdue ones are told again, once.
    await Promise.all([sendDueReminders("2098-03-11"), sendDueReminders("2098-03-11")]);
    expect((await reminders()).filter((row) => row.type === "task.overdue")).toHaveLength(3);
  });

  it("lists: views, filters and server-side pages (by number and by cursor)", async () => {
    const person = await makeUser(db(), { role: "staff", features: ["tasks"] });
    const actor = asActor(person, ["tasks"]);
    const now = new Date("2097-06-10T16:00:00Z");
    for (let i = 0; i < 25; i += 1) {
      const day = String(1 + i).padStart(2, "0");
      await createTask(admin, { title: `Batch ${day}`, assigneeId: person.id, dueDate: `2097-06-${day}`, priority: i % 5 === 0 ? "high" : "normal" });
    }
    await createTask(admin, { title: "Batch undated", assigneeId: person.id });

    const first = await listTasks(actor, { view: "mine", perPage: 10 }, now);
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(3);
    expect(first.items.map((task) => task.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Batch ${String(i + 1).padStart(2, "0")}`));
    const second = await listTasks(actor, { view: "mine", perPage: 10, page: 2 }, now);
    const byCursor = await listTasks(actor, { view: "mine", perPage: 10, after: first.nextCursor! }, now);
    expect(byCursor.items.map((task) => task.id)).toEqual(second.items.map((task) => task.id));
    const last = await listTasks(actor, { view: "mine", perPage: 10, page: 3 }, now);
    expect(last.items.at(-1)!.title).toBe("Batch undated");

    const overdue = await listTasks(actor, { view: "overdue", assignee: person.id }, now);
    expect(overdue.total).toBe(9);
    expect(overdue.items.every((task) => task.overdue)).toBe(true);
    const week = await listTasks(actor, { view: "week", assignee: person.id }, now);
    expect(week.items.map((task) => task.dueDate)).toEqual(["2097-06-10", "2097-06-11", "2097-06-12", "2097-06-13", "2097-06-14", "2097-06-15", "2097-06-16"]);
    const high = await listTasks(actor, { assignee: person.id, priority: "high" }, now);
    expect(high.total).toBe(5);
    const searched = await listTasks(actor, { assignee: person.id, q: "undated" }, now);
    expect(searched.items.map((task) => task.title)).toEqual(["Batch undated"]);

    // The API answers the same page shape, under `tasks`.
    const api = await callJson<{ tasks: Array<{ title: string }>; total: number; perPage: number; nextCursor: string | null }>(tasksRoute.loader, {
      path: `/api/tasks?assignee=${person.id}&perPage=5&sort=created`,
      as: person,
    });
    expect(api.status).toBe(200);
    expect([api.body.total, api.body.perPage, api.body.tasks.length, api.body.tasks[0]!.title]).toEqual([26, 5, 5, "Batch undated"]);
  });

  it("comments and a record's linked tasks", async () => {
    const { id } = await createTask(admin, { title: "Check the apostille", assigneeId: staff.id, orderId });
    await addTaskComment(admin, id, "The consulate wants the original.");
    const posted = await callJson<{ comment: { body: string } }>(taskCommentsRoute.action, {
      path: `/api/tasks/${id}/comments`,
      method: "POST",
      as: staff,
      params: { id },
      body: { body: "Asked the client for it." },
    });
    expect(posted.status).toBe(201);
    const comments = await listTaskComments(admin, id);
    expect(comments.items.map((comment) => comment.body)).toEqual(["The consulate wants the original.", "Asked the client for it."]);
    expect(await notificationsOf(staff.id, "task.comment")).toHaveLength(1);
    const empty = await callJson(taskCommentsRoute.action, {
      path: `/api/tasks/${id}/comments`,
      method: "POST",
      as: staff,
      params: { id },
      body: { body: " " },
    });
    expect(empty.status).toBe(400);

    const linked = await loadLinkedTasks(admin, { orderId });
    expect(linked!.tasks.map((task) => task.title)).toContain("Check the apostille");
    expect(linked!.newHref).toBe(`/dashboard/tasks/new?orderId=${orderId}`);
    expect(linked!.tasks.find((task) => task.id === id)!.link).toMatchObject({ kind: "order", id: orderId });
    expect(await loadLinkedTasks(asActor(staffWithout, ["inbox"]), { orderId })).toBeNull();
  });

  it("rights: a client reaches no task through the pages or the API", async () => {
    const { id } = await createTask(admin, { title: "Internal only", assigneeId: cast.owner.id });
    // Pages: a client and a staff member without the feature go back to their home.
    for (const [route, path, params] of [
      [tasksPage.loader, "/dashboard/tasks", {}],
      [taskBoardPage.loader, "/dashboard/tasks/board", {}],
      [taskNewPage.loader, "/dashboard/tasks/new", {}],
      [taskPage.loader, `/dashboard/tasks/${id}`, { id }],
    ] as const) {
      const client = await call(route, { path, as: cast.clientA, params });
      expect([path, client.status, client.headers.get("location")]).toEqual([path, 302, "/client"]);
      const other = await call(route, { path, as: staffWithout, params });
      expect([path, other.status, other.headers.get("location")]).toEqual([path, 302, "/dashboard"]);
      expect((await call(route, { path, as: staff, params })).status).toBe(200);
    }
    const clientPost = await call(taskPage.action, {
      path: `/dashboard/tasks/${id}`,
      method: "POST",
      as: cast.clientA,
      params: { id },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(clientPost.status).toBe(302);
    expect(await db().selectFrom("tasks").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
    // A task that does not exist is the area's 404.
    expect((await call(taskPage.loader, { path: "/dashboard/tasks/nope", as: cast.admin, params: { id: "nope" } })).status).toBe(404);
  });
});
