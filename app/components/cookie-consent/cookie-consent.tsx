import { Link, useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Cookie, Minus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { CONSENT_CATEGORIES, CONSENT_HIDE_MS, DEFAULT_CONSENT, type ConsentCategory, type ConsentState } from "~/lib/cookie-consent";

const ACTION = "/resources/cookie-consent";
type View = "auto" | "expanded" | "minimized" | "customize";
const VIEWS: View[] = ["expanded", "minimized", "customize"];

/** The visitor's consent, from the root loader. Analytics or marketing code must run only when `allows()` says so. */
export function useCookieConsent() {
  const data = useRouteLoaderData("root") as { consent?: ConsentState } | undefined;
  const consent = data?.consent ?? { given: false, hidden: false, hiddenMs: 0, settings: DEFAULT_CONSENT };
  return {
    given: consent.given,
    settings: consent.settings,
    allows: (category: ConsentCategory) => category === "necessary" || (consent.given && consent.settings[category]),
  };
}

/**
 * The cookie banner. Every button is a form post to
 * /resources/cookie-consent, so it works without JavaScript; the views are
 * links (?cookies=…) that JavaScript turns into instant switches. Until the
 * visitor picks a view, mobile-width screens show the minimised pill and wider
 * screens the expanded banner (CSS decides, so the first paint is right).
 */
export function CookieConsent({ consent }: { consent: ConsentState }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const requested = new URLSearchParams(location.search).get("cookies") as View | null;
  const [view, setView] = useState<View>(requested && VIEWS.includes(requested) ? requested : "auto");
  const [hiddenForNow, setHiddenForNow] = useState(false);
  // After "hide for 30 seconds" with JavaScript: once the timer ran out the banner is back at once.
  const [cameBack, setCameBack] = useState(false);
  const [settings, setSettings] = useState(consent.settings);

  useEffect(() => {
    if (!hiddenForNow) return;
    const timer = window.setTimeout(() => {
      setHiddenForNow(false);
      setCameBack(true);
    }, CONSENT_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [hiddenForNow]);

  const choosing = fetcher.state !== "idle" && fetcher.formData?.get("intent") !== "hide";
  if (consent.given || choosing) return null;
  if (hiddenForNow) return null;
  // Hidden by the 30-second cookie (a page without JavaScript, or a page loaded meanwhile): the
  // banner is in the page but invisible until the time is up, then a CSS animation shows it.
  const reappearIn = consent.hidden && !requested && !cameBack ? consent.hiddenMs : 0;

  const back = location.pathname + location.search;
  const hrefFor = (next: View) => {
    const params = new URLSearchParams(location.search);
    params.set("cookies", next);
    return `${location.pathname}?${params}`;
  };
  const go = (next: View) => (event: React.MouseEvent) => {
    event.preventDefault();
    if (next === "customize") setSettings(consent.settings);
    setView(next);
  };

  const pill = (
    <Link
      to={hrefFor("expanded")}
      onClick={go("expanded")}
      preventScrollReset
      data-testid="cookie-pill"
      className="inline-flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-semibold text-card-foreground shadow-sm hover:bg-muted"
    >
      <Cookie aria-hidden className="size-4" />
      {t("cookies.pill")}
    </Link>
  );
  // The pill sits at the end of the page, in the flow: floating, it covered buttons at the screen's bottom.
  const pillRow = <div className="flex justify-end p-4">{pill}</div>;

  const header = (
    <div className="flex items-start justify-between gap-2">
      <div className="flex items-center gap-2">
        <Cookie aria-hidden className="size-5 text-primary" />
        <h2 className="text-base font-semibold">{view === "customize" ? t("cookies.preferencesTitle") : t("cookies.title")}</h2>
      </div>
      <div className="flex items-center">
        <Link
          to={hrefFor("minimized")}
          onClick={go("minimized")}
          preventScrollReset
          aria-label={t("cookies.minimize")}
          title={t("cookies.minimize")}
          className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted"
        >
          <Minus aria-hidden className="size-4" />
        </Link>
        <fetcher.Form
          method="post"
          action={ACTION}
          onSubmit={(event) => {
            // With JavaScript the banner hides itself for 30 s; without, a 30-second cookie does it.
            event.preventDefault();
            setHiddenForNow(true);
          }}
        >
          <input type="hidden" name="redirectTo" value={back} />
          <button
            type="submit"
            name="intent"
            value="hide"
            aria-label={t("cookies.hide")}
            title={t("cookies.hide")}
            className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted"
          >
            <X aria-hidden className="size-4" />
          </button>
        </fetcher.Form>
      </div>
    </div>
  );

  const expanded = (
    <div className="flex flex-col gap-3">
      {header}
      <p className="text-sm text-muted-foreground">
        {t("cookies.intro")}{" "}
        <Link to="/privacy-policy" className="font-medium text-primary underline underline-offset-4">
          {t("cookies.learnMore")}
          {/* The visible words are the banner's fixed text ; the rest tells screen readers and search engines where it goes. */}
          <span className="sr-only">{t("cookies.learnMoreContext")}</span>
        </Link>
      </p>
      <fetcher.Form method="post" action={ACTION} className="flex flex-wrap gap-2">
        <input type="hidden" name="redirectTo" value={back} />
        <Button type="submit" name="intent" value="reject-all" variant="outline" size="sm">
          {t("cookies.rejectAll")}
        </Button>
        <Button type="submit" name="intent" value="accept-all" size="sm">
          {t("cookies.acceptAll")}
        </Button>
        <Button asChild variant="secondary" size="sm">
          <Link to={hrefFor("customize")} onClick={go("customize")} preventScrollReset>
            {t("cookies.customize")}
          </Link>
        </Button>
      </fetcher.Form>
    </div>
  );

  const customize = (
    <div className="flex flex-col gap-3">
      {header}
      <p className="text-sm text-muted-foreground">{t("cookies.preferencesSubtitle")}</p>
      <fetcher.Form method="post" action={ACTION} className="flex flex-col gap-3">
        <input type="hidden" name="redirectTo" value={back} />
        <ul className="flex flex-col gap-2">
          {CONSENT_CATEGORIES.map((category) => {
            const id = `cookie-${category}`;
            const locked = category === "necessary";
            return (
              <li key={category} className="flex items-start justify-between gap-3 rounded-md border p-3">
                <div className="flex flex-col gap-0.5">
                  <label htmlFor={id} className="text-sm font-semibold">
                    {t(`cookies.${category}.title`)}
                  </label>
                  <p id={`${id}-description`} className="text-xs text-muted-foreground">
                    {t(`cookies.${category}.description`)}
                    {locked ? ` · ${t("cookies.alwaysOn")}` : null}
                  </p>
                </div>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  name={locked ? undefined : category}
                  aria-describedby={`${id}-description`}
                  checked={locked ? true : settings[category]}
                  disabled={locked}
                  onChange={(event) => setSettings((current) => ({ ...current, [category]: event.target.checked }))}
                  className="switch mt-1 shrink-0"
                />
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor("expanded")} onClick={go("expanded")} preventScrollReset>
              {t("cookies.cancel")}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="save" size="sm">
            {t("cookies.save")}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );

  // The open panel floats at the bottom of the viewport (out of the flow: no blank band at the
  // page's end); the page's end and the toasts leave room for it while it is there (theme.css).
  const floating = "pointer-events-none fixed inset-x-0 bottom-0 z-40";
  const panelClass =
    "pointer-events-auto mx-2 mb-2 max-h-[85vh] overflow-y-auto rounded-lg border bg-card p-4 text-card-foreground shadow-xl sm:ms-auto sm:me-4 sm:mb-4 sm:w-[28rem]";

  return (
    <section
      aria-label={t("cookies.region")}
      data-testid="cookie-consent"
      data-view={view}
      data-reappear={reappearIn > 0 ? "" : undefined}
      className={cn(reappearIn > 0 && "consent-reappear")}
      style={reappearIn > 0 ? { animationDelay: `${reappearIn}ms` } : undefined}
    >
      {view === "auto" ? (
        <>
          <div className="md:hidden">{pillRow}</div>
          <div className={cn(floating, "hidden md:block")}>
            <div className={panelClass} data-testid="cookie-banner">
              {expanded}
            </div>
          </div>
        </>
      ) : view === "minimized" ? (
        pillRow
      ) : (
        <div className={floating}>
          <div className={panelClass} data-testid="cookie-banner">
            {view === "customize" ? customize : expanded}
          </div>
        </div>
      )}
    </section>
  );
}
