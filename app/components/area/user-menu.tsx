import { Form, Link } from "@remix-run/react";
import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

export type AreaUser = { fullName: string; email: string; role: string; avatarUrl: string | null };

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join("") || "?"
  );
}

export function useRoleLabel() {
  const { t } = useTranslation();
  return (role: string) => t(`area.roles.${role === "owner" || role === "admin" ? role : "client"}`);
}

/** Name, role, Profile and Sign out (a POST to /resources/logout). */
export function UserMenu({ user, profileHref }: { user: AreaUser; profileHref: string }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={`${t("area.userMenu")}: ${user.fullName}`}
        className="inline-flex h-10 items-center gap-2 rounded-md px-2 hover:bg-muted"
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={28} height={28} className="size-7 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="inline-flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {initialsOf(user.fullName)}
          </span>
        )}
        <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{user.fullName}</span>
        <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block font-semibold">{user.fullName}</span>
          <span className="block text-xs text-muted-foreground">{roleLabel(user.role)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={profileHref}>
            <UserRound aria-hidden />
            {t("nav.profile")}
          </Link>
        </DropdownMenuItem>
        <Form method="post" action="/resources/logout">
          {/* Selecting an item closes the menu and unmounts this form before the click submits it:
              keep the menu open so the submission goes through (the next page replaces it). */}
          <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit" className="w-full">
              <LogOut aria-hidden />
              {t("area.signOut")}
            </button>
          </DropdownMenuItem>
        </Form>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The same actions in the sidebar's footer, reachable without JavaScript. */
export function SidebarUserCard({ user }: { user: AreaUser }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  return (
    <div className="flex flex-col gap-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{user.fullName}</p>
        <p className="truncate text-xs text-muted-foreground">{roleLabel(user.role)}</p>
      </div>
      <Form method="post" action="/resources/logout">
        <button type="submit" className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted">
          <LogOut aria-hidden className="size-4" />
          {t("area.signOut")}
        </button>
      </Form>
    </div>
  );
}
