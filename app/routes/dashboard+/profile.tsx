import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { authPageTitle } from "~/features/auth/meta";
import { ProfilePage } from "~/features/auth/profile-page";
import { profileAction } from "~/features/auth/profile.server";
import { requireBackOffice } from "~/features/auth/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request);
  return json({ user: { email: user.email, fullName: user.fullName, locale: user.locale, emailVerified: user.emailVerified, avatarUrl: user.avatarUrl } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request);
  return profileAction(request, user, "/dashboard/profile");
}

export default function DashboardProfileRoute() {
  const { user } = useLoaderData<typeof loader>();
  return <ProfilePage user={user} />;
}

export const meta: MetaFunction = (args) => authPageTitle(args, "profile.title");

export const ErrorBoundary = GeneralErrorBoundary;
