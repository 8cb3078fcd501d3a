import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXTRACTION_RECORD_TYPE } from "~/features/extractor/index.server";
import { canReadMessageFile, MESSAGE_RECORD_TYPE, viewerOf } from "~/features/messages/index.server";
import { canReadReport, REPORT_RECORD_TYPE } from "~/features/reports/index.server";
import { canReadRequestFile } from "~/features/requests/index.server";
import { canReadOrder, ORDER_RECORD_TYPE } from "~/features/service-orders/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { type SessionUser } from "~/core/identity/session-user.server";
import { isAdminRole } from "~/lib/features";
import { audit } from "~/lib/audit.server";
import { clientIp } from "~/lib/http.server";
import { fileUnavailableResponse, findStoredFile, isStorageError, openStoredFileStream, storedFileResponse, type StoredFile } from "~/lib/storage.server";

/**
 * The only way out for an uploaded file: the caller must have the right to
 * the record the file belongs to (a client: its own order or report; staff:
 * all; staff with `requests`: the files uploaded to request items; a message's attachment: whoever may
 * see the message, which no one may once it is removed). Anyone else gets the same 404 as for a file that does not exist.
 * Every download of a client's document, and every refused one, is written to the
 * audit log (file.downloaded / file.download_denied), with the record it belongs to.
 */
async function mayRead(user: SessionUser, file: StoredFile): Promise<boolean> {
  // A document extractor's upload and text are its owner's only, through the extractor's own routes.
  if (file.recordType === EXTRACTION_RECORD_TYPE) return false;
  if (isAdminRole(user.role)) return true;
  if (!file.recordId) return false;
  if (file.recordType === ORDER_RECORD_TYPE) return canReadOrder(user, file.recordId);
  if (file.recordType === REPORT_RECORD_TYPE) return canReadReport(user, file.recordId);
  if (file.recordType === "avatar") return file.recordId === user.id;
  return false;
}

/** Staff with the `requests` feature read the files uploaded to request items (an order's documents too), whatever else they may read. */
async function mayReadFile(user: SessionUser, file: StoredFile, request: Request): Promise<boolean> {
  if (file.recordType === MESSAGE_RECORD_TYPE) return file.recordId ? canReadMessageFile(viewerOf(user, request), file.recordId) : false;
  return (await mayRead(user, file)) || canReadRequestFile(user, file.id);
}

function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await findStoredFile(params.id ?? "");
  if (!file) return notFound();
  const entry = {
    actorId: user.id,
    targetType: "file" as const,
    targetId: file.id,
    ip: clientIp(request),
    meta: { recordType: file.recordType, recordId: file.recordId, name: file.originalName },
  };
  if (!(await mayReadFile(user, file, request))) {
    await audit({ ...entry, action: "file.download_denied", outcome: "denied" });
    return notFound();
  }
  let stored: Awaited<ReturnType<typeof openStoredFileStream>>;
  try {
    stored = await openStoredFileStream(file.id);
  } catch (error) {
    if (!isStorageError(error)) throw error;
    return fileUnavailableResponse(request, error, file.id);
  }
  if (!stored) return notFound();
  await audit({ ...entry, action: "file.downloaded" });
  return storedFileResponse(stored);
}
