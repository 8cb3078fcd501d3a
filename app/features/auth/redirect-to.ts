import { useSearchParams } from "@remix-run/react";

/**
 * Where the sign-in and register screens send the visitor afterwards (`?redirectTo=`),
 * and a link to the other screen that keeps it.
 */
export function useRedirectTo(): { redirectTo: string; keepRedirect: (path: string) => string } {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return { redirectTo, keepRedirect: (path) => (redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path) };
}
