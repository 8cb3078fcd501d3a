/**
 * The interpolation placeholders of an interface string (`{{name}}`, `{{count, number}}`),
 * by name, sorted and without repeats. An override must keep exactly those of the English
 * string: a dropped one loses a value, an added one shows `{{…}}` or nothing.
 */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*-?\s*([^}]*?)\s*\}\}/g)) {
    const name = (match[1] ?? "").split(",")[0]!.trim();
    names.add(name);
  }
  return [...names].sort();
}

export function samePlaceholders(original: string, candidate: string): boolean {
  const a = placeholdersOf(original);
  const b = placeholdersOf(candidate);
  return a.length === b.length && a.every((name, index) => name === b[index]);
}
