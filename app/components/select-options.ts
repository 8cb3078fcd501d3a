/** A choice of a select: what it sends and what it shows. */
export type SelectOption = { value: string; label: string };

/** People (staff to assign, clients to filter by) as a select's choices, by their names. */
export function peopleOptions(people: ReadonlyArray<{ id: string; fullName: string }>): SelectOption[] {
  return people.map((person) => ({ value: person.id, label: person.fullName }));
}
