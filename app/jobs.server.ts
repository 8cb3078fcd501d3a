/**
 * The jobs of every area, imported once by the composition root (app/platform.server.ts)
 * so that the worker knows their handlers and schedules. An area with background work
 * puts its `defineJob(...)` / `scheduleDaily(...)` calls in its own `jobs.server.ts`
 * and adds the import here.
 */
import "~/features/notifications/jobs.server";
import "~/features/requests/jobs.server";
import "~/features/tasks/jobs.server";
import "~/features/translations/auto-process.server";
