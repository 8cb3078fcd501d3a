import type { LucideIcon } from "lucide-react";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/**
 * The tones of a status: the design's status colours on a tinted ground. A badge also carries a word (and
 * usually an icon), so the colour is never the only sign.
 */
const TONES = {
  neutral: "border-border bg-muted text-foreground",
  quiet: "border-border bg-muted text-muted-foreground",
  primary: "border-primary/30 bg-primary/10 text-primary",
  accent: "border-accent/30 bg-accent/10 text-accent",
  warning: "border-warning/40 bg-warning/10 text-warning",
  success: "border-success/40 bg-success/10 text-success",
  danger: "border-destructive/30 bg-destructive/10 text-destructive",
} as const;

export type BadgeTone = keyof typeof TONES;

/** A status as its word in a pill of its tone, with an optional icon before it. */
export function Badge({
  tone = "neutral",
  icon: Icon,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; icon?: LucideIcon }) {
  return (
    <span className={cn("badge", TONES[tone], className)} {...props}>
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      {children}
    </span>
  );
}
