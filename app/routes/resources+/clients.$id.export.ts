import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/core/identity/guards.server";
import { exportClientData } from "~/features/client-records/index.server";
import { clientIp, loadOrNotFound } from "~/lib/http.server";

/**
 * GET /resources/clients/{id}/export (owner and admins): one client's data as a ZIP, streamed,
 * `client.json` and their files decrypted (written to the audit log as client.exported).
 * A GET changes no data: the export only reads, and the audit entry records who read.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const { fileName, zip } = await loadOrNotFound(exportClientData(actor, params.id ?? "", { ip: clientIp(request) }));
  // Streamed as it is made (no length known in advance): the files are decrypted into the archive on the way out.
  return new Response(createReadableStreamFromReadable(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
