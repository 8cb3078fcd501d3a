/**
 * The areas with background work, imported once by the composition root (app/platform.server.ts)
 * so that the worker knows their handlers and schedules before it starts. What is imported is each
 * area's server entry (index.server.ts), never its job module: the entry imports the module that
 * makes the area's `defineJob(...)` / `scheduleDaily(...)` calls (`./jobs.server` for notifications,
 * requests and tasks, `./digest.server` for messages; `./auto-process.server` for translations; `./extractor.server` for the
 * document extractor). An area that adds background work
 * has its entry import that module, and is listed here.
 */
import "~/features/extractor/index.server";
import "~/features/messages/index.server";
import "~/features/notifications/index.server";
import "~/features/requests/index.server";
import "~/features/tasks/index.server";
import "~/features/translations/index.server";
