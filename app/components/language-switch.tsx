import { Form, useLocation } from "@remix-run/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { languageNames, supportedLanguages } from "~/lib/i18n/config";
import { cn } from "~/lib/utils";

/**
 * A plain form (works without JavaScript): one button per language.
 * `compact` shows the language codes below the xl breakpoint (the area header is narrow there).
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/resources/language" className={cn("flex items-center gap-1", className)} aria-label={t("language.label")}>
      <Languages aria-hidden className="size-4 text-muted-foreground" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          aria-pressed={i18n.language === language}
          aria-label={compact ? languageNames[language] : undefined}
          className="rounded px-2 py-1 text-sm hover:bg-muted aria-pressed:bg-secondary aria-pressed:font-semibold"
        >
          {compact ? (
            <>
              <span aria-hidden className="xl:hidden">
                {language.toUpperCase()}
              </span>
              <span className="hidden xl:inline">{languageNames[language]}</span>
            </>
          ) : (
            languageNames[language]
          )}
        </button>
      ))}
    </Form>
  );
}
