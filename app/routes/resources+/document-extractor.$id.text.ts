import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { getExtraction, textDownload } from "~/features/extractor/index.server";
import { loadOrNotFound } from "~/lib/http.server";

/** The text of one of the caller's finished extractions, as a .txt download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "document_extractor");
  const run = await loadOrNotFound(getExtraction(user, params.id ?? ""));
  if (run.status !== "done") throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return textDownload(run);
}
