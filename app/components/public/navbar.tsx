import { Link, NavLink } from "@remix-run/react";
import { CalendarPlus, LogIn, Menu, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/language-switch";
import { ThemeSwitch } from "~/components/theme-switch";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Where "Schedule an Appointment" leads: signed-in users straight there, visitors to sign in first and then there. */
export const APPOINTMENT_PATH = "/client/appointments/new";
export function appointmentHref(signedIn: boolean, query = ""): string {
  const target = APPOINTMENT_PATH + query;
  return signedIn ? target : `/login?${new URLSearchParams({ redirectTo: target })}`;
}

type NavbarProps = { firmName: string; account: { home: string } | null };

function NavItems({ signedIn, className, linkClassName }: { signedIn: boolean; className?: string; linkClassName?: string }) {
  const { t } = useTranslation("public");
  const item = ({ isActive }: { isActive: boolean }) => cn(linkClassName, isActive && "text-primary font-semibold");
  return (
    <ul className={className}>
      <li>
        <NavLink to="/services" className={item} prefetch="intent">
          {t("nav.services")}
        </NavLink>
      </li>
      <li>
        <NavLink to="/contact" className={item} prefetch="intent">
          {t("nav.contact")}
        </NavLink>
      </li>
      <li>
        <Link to="/#about" className={linkClassName}>
          {t("nav.about")}
        </Link>
      </li>
      <li>
        <Link to={appointmentHref(signedIn)} className={cn(buttonVariants({ size: "sm" }), "gap-1.5")}>
          <CalendarPlus aria-hidden className="size-4" />
          {t("nav.schedule")}
        </Link>
      </li>
    </ul>
  );
}

function AccountLink({ account }: { account: NavbarProps["account"] }) {
  const { t } = useTranslation("public");
  return account ? (
    <Link to={account.home} className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5")}>
      <UserRound aria-hidden className="size-4" />
      {t("nav.account")}
    </Link>
  ) : (
    <Link to="/login" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5")}>
      <LogIn aria-hidden className="size-4" />
      {t("nav.signIn")}
    </Link>
  );
}

/**
 * The public navbar. On small screens the links fold into a <details>
 * disclosure, which opens and closes without JavaScript.
 */
export function Navbar({ firmName, account }: NavbarProps) {
  const { t } = useTranslation("public");
  const signedIn = Boolean(account);
  return (
    <header className="relative border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="text-lg font-semibold text-primary">
          {firmName}
        </Link>
        <nav aria-label={t("nav.label")} className="hidden lg:block">
          <NavItems signedIn={signedIn} className="flex items-center gap-5 text-sm" linkClassName="hover:text-primary" />
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <AccountLink account={account} />
        </div>
        <details className="group lg:hidden">
          <summary className={cn(buttonVariants({ variant: "outline", size: "sm" }), "cursor-pointer list-none gap-1.5 [&::-webkit-details-marker]:hidden")}>
            <Menu aria-hidden className="size-4" />
            {t("nav.menu")}
          </summary>
          <div className="absolute inset-x-0 top-16 z-40 border-b bg-background p-4 shadow-md">
            <nav aria-label={t("nav.label")}>
              <NavItems signedIn={signedIn} className="flex flex-col gap-3" linkClassName="block py-1" />
            </nav>
            <div className="mt-4 flex flex-wrap items-center gap-3 border-t pt-4">
              <AccountLink account={account} />
              <LanguageSwitch />
              <ThemeSwitch />
            </div>
          </div>
        </details>
      </div>
      <div className="hidden border-t bg-muted/40 lg:block">
        <div className="mx-auto flex max-w-6xl items-center justify-end gap-4 px-4 py-1">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
    </header>
  );
}
