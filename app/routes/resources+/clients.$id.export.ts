import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/core/identity/guards.server";
import { exportClientData } from "~/features/client-records/index.server";
import { clientIp, loadOrNotFound } from "~/lib/http.server";

/**
 * GET /resources/clients/{id}/export (owner and admins): one client's data as a ZIP,
 * `client.json` and their files decrypted (written to the audit log as client.exported).
 * A GET changes no data: the export only reads, and the audit entry records who read.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const { fileName, zip } = await loadOrNotFound(exportClientData(actor, params.id ?? "", { ip: clientIp(request) }));
  return new Response(zip as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(zip.byteLength),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
