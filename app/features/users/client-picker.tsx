import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type ClientChoice = { id: string; fullName: string; email?: string };

/**
 * The first step of a staff form made for a client (a report, a translation file): find clients by
 * name or e-mail, then choose one. Both are GET forms, so the step works without JavaScript; `keep`
 * are query fields both carry (the page's tab). The page's loader reads `q` and `client`.
 */
export function ClientPicker({
  title,
  labels,
  q,
  clients,
  chosenId,
  keep = {},
}: {
  title: string;
  labels: { search: string; find: string; client: string; choose: string; use: string };
  q: string;
  clients: ClientChoice[];
  chosenId: string | undefined;
  keep?: Record<string, string>;
}) {
  const kept = Object.entries(keep).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <section aria-labelledby="client-step" className="space-y-3 rounded-lg border bg-card p-4">
      <h2 id="client-step" className="font-semibold">
        {title}
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {kept}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="client-search">{labels.search}</Label>
          <Input id="client-search" name="q" type="search" defaultValue={q} className="w-64" />
        </div>
        <Button type="submit" variant="outline">
          {labels.find}
        </Button>
      </Form>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {kept}
        <input type="hidden" name="q" value={q} />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="client-pick">{labels.client}</Label>
          <Select id="client-pick" name="client" defaultValue={chosenId ?? ""} className="w-80">
            <option value="">{labels.choose}</option>
            {clients.map((option) => (
              <option key={option.id} value={option.id}>
                {option.email ? `${option.fullName} (${option.email})` : option.fullName}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          {labels.use}
        </Button>
      </Form>
    </section>
  );
}
