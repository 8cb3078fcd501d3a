import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { translate } from "~/lib/i18n/i18n.server";
import { ProfilePage } from "~/features/auth";
import { profileAction, profileSecurity } from "~/features/auth/index.server";
import { requireBackOffice } from "~/core/identity/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  return json({
    user: { email: user.email, fullName: user.fullName, locale: user.locale, emailVerified: user.emailVerified, avatarUrl: user.avatarUrl },
    security: await profileSecurity(user),
    title: await translate(request, "auth:profile.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request);
  return profileAction(request, user, "/dashboard/profile");
}

export default function DashboardProfileRoute() {
  const { user, security } = useLoaderData<typeof loader>();
  return <ProfilePage user={user} security={security} />;
}

export const meta = titleMeta;

/** The picture's refusals are the users area's words; two-factor and sessions the security area's. */
export const handle = { i18n: ["users", "security"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
