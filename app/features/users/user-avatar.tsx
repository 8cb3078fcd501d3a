import { useEffect, useState } from "react";
import { cn } from "~/lib/utils";
import { AVATAR_STORAGE_KEY } from "./avatar";

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => [...part][0]!.toUpperCase())
      .join("") || "?"
  );
}

function remember(url: string | null): void {
  try {
    if (url) window.localStorage.setItem(AVATAR_STORAGE_KEY, url);
    else window.localStorage.removeItem(AVATAR_STORAGE_KEY);
  } catch {
    // Storage may be off (private mode, policy): the server's value is shown anyway.
  }
}

/** Forgets the remembered avatar (sign-out clears what the session left in local storage). */
export function forgetRememberedAvatar(): void {
  remember(null);
}

/**
 * The signed-in user's avatar address, also remembered locally: the server's value
 * is rendered first (the same on both sides), mirrored into localStorage (AVATAR_STORAGE_KEY),
 * and a change made in another tab shows here at once.
 */
export function useRememberedAvatar(serverUrl: string | null): string | null {
  const [url, setUrl] = useState(serverUrl);
  useEffect(() => {
    setUrl(serverUrl);
    remember(serverUrl);
  }, [serverUrl]);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AVATAR_STORAGE_KEY) setUrl(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  return url;
}

/** A round picture, or the person's initials when there is none (or it cannot be loaded). Decorative: the name is next to it. */
export function UserAvatar({ url, name, size = 28, className }: { url: string | null; name: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(url)}
        data-testid="user-avatar"
        className={cn("shrink-0 rounded-full object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      style={{ ...style, fontSize: Math.max(10, Math.round(size * 0.4)) }}
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground", className)}
    >
      {initialsOf(name)}
    </span>
  );
}
