import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { getExtraction } from "~/features/extractor/index.server";
import { loadOrNotFound } from "~/lib/http.server";

/** The progress of one of the caller's document extractions (the page polls it with JavaScript): no text. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "document_extractor");
  const run = await loadOrNotFound(getExtraction(user, params.id ?? "", { withText: false }));
  return json(run, { headers: { "Cache-Control": "private, no-store" } });
}
