import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Link, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The account screens: one centred card, a way home, nothing else to distract. */
export default function AuthLayout() {
  const { t } = useTranslation("auth");
  return (
    <div className="flex min-h-dvh flex-col items-center bg-muted/40 px-4 py-10 sm:py-16">
      <Link to="/" className="mb-6 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        {t("layout.home")}
      </Link>
      <main id="main" className="w-full max-w-md">
        <Outlet />
      </main>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
