import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { AlertTriangle, Home, LifeBuoy, Lock, RotateCcw, SearchX } from "lucide-react";
import { Component, useEffect, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The generic error page, the same on every route. Every route exports
 * `export const ErrorBoundary = GeneralErrorBoundary` (or renders it with its
 * own status handlers); 404 answers show the not-found page. Users never see
 * a stack trace: the server logs the error with the request id.
 */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Partial<Record<number, (error: { status: number; data: unknown }) => React.ReactNode>>;
} = {}) {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status];
    if (handler) return <>{handler(error)}</>;
    if (error.status === 404) return <NotFound />;
    if (error.status === 403) return <Forbidden />;
  }
  return <ErrorPage />;
}

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center" data-testid="error-page">
      <AlertTriangle aria-hidden className="size-12 text-destructive" />
      <h1 className="text-3xl font-semibold">{t("errors.title")}</h1>
      <p className="text-muted-foreground">{t("errors.text")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* A full reload re-runs every loader: the surest "try again". */}
        <Button type="button" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden />
          {t("errors.tryAgain")}
        </Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            <Home aria-hidden />
            {t("errors.goHome")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact" reloadDocument>
            <LifeBuoy aria-hidden />
            {t("errors.contactSupport")}
          </Link>
        </Button>
      </div>
      <section className="w-full rounded-lg border bg-card p-4 text-start" aria-labelledby="error-tips">
        <h2 id="error-tips" className="mb-2 font-semibold">
          {t("errors.whatYouCanTry")}
        </h2>
        <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
          <li>{t("errors.tipConnection")}</li>
          <li>{t("errors.tipRefresh")}</li>
          <li>{t("errors.tipHome")}</li>
        </ul>
      </section>
    </div>
  );
}

/** The shorter fallback for a small region of a page. */
export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 p-4 text-center" data-testid="error-fallback">
      <p className="font-medium">{t("errors.fallbackTitle")}</p>
      <Button type="button" size="sm" variant="outline" onClick={onRetry ?? (() => window.location.reload())}>
        <RotateCcw aria-hidden />
        {t("errors.fallbackRetry")}
      </Button>
    </div>
  );
}

/** A status page (404, 403): an icon, a heading and the way home. */
function StatusPage({ icon: Icon, titleKey, testId }: { icon: typeof SearchX; titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center" data-testid={testId}>
      <Icon aria-hidden className="size-12 text-muted-foreground" />
      <h1 className="text-3xl font-semibold">{t(titleKey)}</h1>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden />
          {t("errors.backHome")}
        </Link>
      </Button>
    </div>
  );
}

export function NotFound() {
  return <StatusPage icon={SearchX} titleKey="errors.notFound" testId="not-found" />;
}

/** A 403 answer (a loader's `invariantResponse(…, { status: 403 })`). */
export function Forbidden() {
  return <StatusPage icon={Lock} titleKey="errors.forbidden" testId="forbidden" />;
}

/** Keeps a crash in one small region (the cookie banner, the sidebar) from taking the page down. */
export class RegionErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <ErrorFallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
