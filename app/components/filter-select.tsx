import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { SelectOption } from "./select-options";

function Options({ options }: { options: SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * A labelled select of a list's GET filter form (status, assignee, sort…): plain
 * HTML, so filtering works without JavaScript. `any` is the empty first choice; `groups`
 * follow `options` as labelled groups (optgroup) of a long list.
 */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  any,
  options = [],
  groups = [],
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  any?: string;
  options?: SelectOption[];
  groups?: Array<{ label: string; options: SelectOption[] }>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={defaultValue}>
        {any ? <option value="">{any}</option> : null}
        <Options options={options} />
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            <Options options={group.options} />
          </optgroup>
        ))}
      </Select>
    </div>
  );
}
