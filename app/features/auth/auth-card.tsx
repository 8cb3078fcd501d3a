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
