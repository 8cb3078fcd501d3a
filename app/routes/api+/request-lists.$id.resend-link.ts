import { requestApiCaller, resendRequestLink } from "~/features/requests/index.server";
import { apiRoute, apiMessage } from "~/lib/api.server";

/** POST /api/request-lists/{id}/resend-link (staff with `requests`): the client is e-mailed a new one-click link; the earlier ones stop working. */
export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requestApiCaller(request);
    await resendRequestLink(actor, params.id!);
    return { sent: true, message: await apiMessage(request, "requests:links.resent") };
  },
});
