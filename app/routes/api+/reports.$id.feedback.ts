import { FeedbackSchema } from "~/features/reports";
import { getReport, submitFeedback } from "~/features/reports/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** POST /api/reports/{id}/feedback `{ rating: 1–5, comment? }`: the client's feedback on its report. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireFeature(request, "reports");
    const input = await readApiBody(request, FeedbackSchema);
    await submitFeedback(user, params.id!, input);
    const report = await getReport(user, params.id!);
    return { id: report.id, feedbackRating: report.feedbackRating, feedbackComment: report.feedbackComment, feedbackAt: report.feedbackAt };
  },
});
