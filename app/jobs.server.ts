/**
 * The jobs of every area, imported once by the composition root (app/platform.server.ts)
 * so that the worker knows their handlers and schedules. An area with background work
 * puts its `defineJob(...)` / `scheduleDaily(...)` calls in its own `jobs.server.ts`
 * and adds the import here.
 */
import "~/features/notifications/index.server";
import "~/features/requests/index.server";
import "~/features/tasks/index.server";
import "~/features/translations/index.server";
