import { z } from "zod";
import { documentsRefusal, readUploadForm } from "~/features/service-orders/index.server";
import { readApiBody } from "~/lib/api.server";
import { encodeMessage } from "~/lib/app-error";
import { parseListQuery } from "~/lib/pagination";
import type { CheckedUpload } from "~/lib/storage.server";
import { isMultipart } from "~/lib/upload-form.server";
import { MESSAGE_MAX_LENGTH } from "./page-forms";
import { STAFF_THREAD_VIEWS, type MessageViewer } from "./types.server";

const TOO_LONG = encodeMessage("messages:errors.bodyTooLong", { max: MESSAGE_MAX_LENGTH });

/** Query strings and bodies of the messages API (and the pages' list query); messages are i18n keys. */
const id = z.string().trim().min(1).max(100);
/** A checkbox ("on") or a JSON boolean. */
const flag = z.preprocess((value) => (value === "on" || value === "true" ? true : value === "false" || value === "off" ? false : value), z.boolean());

const ThreadFilters = {
  view: z.enum(STAFF_THREAD_VIEWS),
  q: z.string().trim().min(1).max(200),
  clientId: id,
  orderId: id,
};

/** `?view=all|mine|unassigned|unread|waiting|closed&q=&clientId=&orderId=&page=&perPage=&after=&before=`; a bad value falls back alone. */
export function parseThreadQuery(url: URL) {
  const { sort: _sort, ...query } = parseListQuery(url, { filters: ThreadFilters });
  return query;
}

export const MessageBodySchema = z.object({
  body: z.string().max(MESSAGE_MAX_LENGTH, TOO_LONG).default(""),
  internal: flag.optional(),
});

export const NewThreadSchema = MessageBodySchema.extend({
  clientId: id.optional(),
  orderId: id.nullish(),
});

export const EditBodySchema = z.object({ body: z.string({ required_error: "messages:errors.bodyRequired" }).max(MESSAGE_MAX_LENGTH, TOO_LONG) });

export const AssignSchema = z.object({ assigneeId: z.preprocess((value) => (value === "" ? null : value), id.nullable()) });

/**
 * A message's body from a JSON or form body, or from a multipart form with its files in `files`
 * (checked as an order's documents are: type by content, size, count). A refused file is a 400 naming it.
 */
export async function readMessageRequest<T extends z.ZodTypeAny>(
  request: Request,
  viewer: MessageViewer,
  schema: T,
): Promise<{ input: z.infer<T>; files: CheckedUpload[] }> {
  if (!isMultipart(request)) return { input: await readApiBody(request, schema), files: [] };
  const { fields, uploads, fileErrors } = await readUploadForm(request, viewer.id, "files");
  if (fileErrors.length > 0) throw documentsRefusal(fileErrors, "files");
  const body = new Request(request.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(Object.fromEntries(fields)) });
  return { input: await readApiBody(body, schema), files: uploads };
}
