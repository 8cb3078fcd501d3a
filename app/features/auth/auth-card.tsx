import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The sign-in screens' card: the page's one heading, the line under it, then the form. */
export function AuthCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A note at the top of a sign-in screen: why the visitor is here, or what just happened. */
export function AuthNotice({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p role="status" className="mb-4 flex gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>{children}</span>
    </p>
  );
}
