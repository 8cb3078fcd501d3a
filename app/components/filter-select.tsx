import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A labelled select of a list's GET filter form (status, assignee, sort…): plain
 * HTML, so filtering works without JavaScript. `any` is the empty first choice.
 */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  any?: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={defaultValue}>
        {any ? <option value="">{any}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
