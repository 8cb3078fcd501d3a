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
import { stopLiveNotifications } from "~/features/notifications";
import { forgetRememberedAvatar, UserAvatar, useRememberedAvatar } from "~/features/users";

/** As the sign-out form submits: the avatar kept for the next page is forgotten and live notifications stop. */
function onSignOut() {
  forgetRememberedAvatar();
  stopLiveNotifications();
}

export type AreaUser = { fullName: string; email: string; role: string; avatarUrl: string | null };

export function useRoleLabel() {
  const { t } = useTranslation();
  return (role: string) => t(`area.roles.${role === "owner" || role === "admin" ? role : "client"}`);
}

/** Name, role, Profile and Sign out (a POST to /resources/logout). */
export function UserMenu({ user, profileHref }: { user: AreaUser; profileHref: string }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const avatarUrl = useRememberedAvatar(user.avatarUrl);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={`${t("area.userMenu")}: ${user.fullName}`}
        className="inline-flex h-10 items-center gap-2 rounded-md px-2 hover:bg-muted"
      >
        <UserAvatar url={avatarUrl} name={user.fullName} size={28} />
        <bdi className="hidden max-w-40 truncate text-sm font-medium lg:inline">{user.fullName}</bdi>
        <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <bdi className="block font-semibold">{user.fullName}</bdi>
          <span className="block text-xs text-muted-foreground">{roleLabel(user.role)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={profileHref}>
            <UserRound aria-hidden />
            {t("nav.profile")}
          </Link>
        </DropdownMenuItem>
        <Form method="post" action="/resources/logout" onSubmit={onSignOut}>
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
  const avatarUrl = useRememberedAvatar(user.avatarUrl);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-w-0 items-center gap-2">
        <UserAvatar url={avatarUrl} name={user.fullName} size={32} />
        <div className="min-w-0">
          <p dir="auto" className="truncate text-sm font-semibold">
            {user.fullName}
          </p>
          <p className="truncate text-xs text-muted-foreground">{roleLabel(user.role)}</p>
        </div>
      </div>
      <Form method="post" action="/resources/logout" onSubmit={onSignOut}>
        <button type="submit" className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted">
          <LogOut aria-hidden className="size-4" />
          {t("area.signOut")}
        </button>
      </Form>
    </div>
  );
}
