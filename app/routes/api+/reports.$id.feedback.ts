import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiCall, parseApiInput } from "~/features/service-orders/errors.server";
import { FeedbackSchema } from "~/features/reports/reports.schema";
import { getReport, submitFeedback } from "~/features/reports/reports.server";
import { requireFeature } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** POST /api/reports/{id}/feedback `{ rating: 1–5, comment? }`: the client's feedback on its report. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireFeature(request, "reports");
  const input = await parseApiInput(request, FeedbackSchema);
  await apiCall(() => submitFeedback(user, params.id!, input));
  const report = await getReport(user, params.id!);
  return json({ id: report.id, feedbackRating: report.feedbackRating, feedbackComment: report.feedbackComment, feedbackAt: report.feedbackAt });
}
