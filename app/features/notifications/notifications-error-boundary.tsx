import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** What the notification pages show when their loader fails (no stack trace, a way to retry). */
export function NotificationsErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("notifications");
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div role="alert" className="mx-auto flex w-full max-w-3xl flex-col items-start gap-3 p-6">
      <h1 className="text-xl font-semibold">{t("errors.loadFailed")}</h1>
      <Button asChild variant="outline">
        <Link to={location.pathname + location.search} reloadDocument>
          {t("errors.tryAgain")}
        </Link>
      </Button>
    </div>
  );
}
