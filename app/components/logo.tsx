import { cn } from "~/lib/utils";

/** The firm's mark (a ledger page with a check); the name itself is content, not part of the mark. */
export function LogoMark({ className, animated = false }: { className?: string; animated?: boolean }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden className={cn("size-8", animated && "motion-safe:animate-logo-pulse", className)}>
      <rect x="4" y="4" width="40" height="40" rx="10" className="fill-primary" />
      <path d="M15 14h18M15 21h18M15 28h8" className="stroke-primary-foreground" strokeWidth="3" strokeLinecap="round" fill="none" />
      <path d="M26 31l4 4 8-9" className="stroke-accent" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}
