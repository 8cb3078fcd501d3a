import type { Kysely } from "kysely";

/**
 * The id of the request that enqueued a job (X-Request-Id), so that the job's log lines carry the same `reqId`
 * as the request's, on whichever instance runs it. Null for scheduled jobs and jobs enqueued outside a request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("request_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("jobs").dropColumn("request_id").execute();
}
