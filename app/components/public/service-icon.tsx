import { Briefcase, Calculator, FileText, Languages, Plane, Stamp, type LucideIcon } from "lucide-react";

/** The icons a service may name (services.icon); anything else shows a briefcase. */
const ICONS: Record<string, LucideIcon> = { FileText, Calculator, Languages, Plane, Stamp, Briefcase };

export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? Briefcase;
  return <Icon aria-hidden className={className} />;
}
