import {
  Briefcase,
  Building2,
  Calculator,
  FileText,
  GraduationCap,
  HeartHandshake,
  Landmark,
  Languages,
  Plane,
  Receipt,
  Scale,
  ShieldCheck,
  Stamp,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ServiceIconName } from "~/features/services";

/** The icons a service may name (services.icon, SERVICE_ICONS); anything else shows a briefcase. */
const ICONS: Record<ServiceIconName, LucideIcon> = {
  Briefcase,
  FileText,
  Calculator,
  Languages,
  Plane,
  Stamp,
  Scale,
  Landmark,
  Building2,
  Receipt,
  Users,
  ShieldCheck,
  GraduationCap,
  HeartHandshake,
};

export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name as ServiceIconName] ?? Briefcase;
  return <Icon aria-hidden className={className} />;
}
