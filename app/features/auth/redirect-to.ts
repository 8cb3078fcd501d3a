import { useSearchParams } from "@remix-run/react";
import { APPOINTMENT_PATH } from "~/components/public/navbar";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * Where the sign-in and register screens send the visitor afterwards (`?redirectTo=`),
 * a link to the other screen that keeps it, and whether the visitor came to book an
 * appointment (the screens then say why they ask to sign in).
 */
export function useRedirectTo(): { redirectTo: string; keepRedirect: (path: string) => string; forBooking: boolean } {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const target = safeRedirect(redirectTo, "");
  return {
    redirectTo,
    keepRedirect: (path) => (redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path),
    forBooking: target === APPOINTMENT_PATH || target.startsWith(`${APPOINTMENT_PATH}?`),
  };
}
