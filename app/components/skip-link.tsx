import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The first focusable element of every page: jumps past the navigation to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  useEffect(() => {
    // A page whose <main> has no id still gets a working skip link.
    if (!document.getElementById("main")) document.querySelector("main")?.setAttribute("id", "main");
  });
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t("shell.skipToContent")}
    </a>
  );
}
