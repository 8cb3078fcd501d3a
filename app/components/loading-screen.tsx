import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "~/components/logo";

/** A navigation slower than this shows the full-page loading screen; quick ones never flash it. */
export const SLOW_NAVIGATION_MS = 400;

/** The full-page loading screen with the animated logo, during slow navigations, so a slow page shows it is on its way. */
export function PageLoadingScreen() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), SLOW_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  if (!slow) return null;
  return <LoadingScreen label={t("shell.loading")} />;
}

export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-background/85 backdrop-blur-sm motion-safe:animate-fade-in"
    >
      <LogoMark animated className="size-16" />
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
    </div>
  );
}
