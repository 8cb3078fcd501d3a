import { Form, useLocation } from "@remix-run/react";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type Theme, useTheme } from "~/lib/theme";
import { cn } from "~/lib/utils";

const CHOICES = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
] as const;

/**
 * Light, dark or system. Without JavaScript it is a plain form post; with it,
 * remix-themes switches at once and remembers the choice.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [theme, setTheme, { definedBy }] = useTheme();
  const current = definedBy === "SYSTEM" ? "system" : theme;
  return (
    <Form
      method="post"
      action="/resources/theme"
      className={cn("flex items-center gap-0.5", className)}
      aria-label={t("theme.label")}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const value = submitter?.value;
        if (!value) return;
        event.preventDefault();
        setTheme(value === "system" ? null : (value as Theme));
      }}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {CHOICES.map(({ value, icon: Icon }) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          aria-pressed={current === value}
          title={t(`theme.${value}`)}
          className="inline-flex size-9 items-center justify-center rounded hover:bg-muted aria-pressed:bg-secondary"
        >
          <Icon aria-hidden className="size-4" />
          <span className="sr-only">{t(`theme.${value}`)}</span>
        </button>
      ))}
    </Form>
  );
}
