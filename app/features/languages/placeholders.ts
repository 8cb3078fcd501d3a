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

/**
 * Whether a text keeps exactly the placeholders of the original. With `countOptional` (a plural form)
 * `count` may be there or not: Arabic says "one text" and "two texts" in words, without the number.
 */
export function samePlaceholders(original: string, candidate: string, { countOptional = false } = {}): boolean {
  const names = (text: string) => placeholdersOf(text).filter((name) => !countOptional || name !== "count");
  const a = names(original);
  const b = names(candidate);
  return a.length === b.length && a.every((name, index) => name === b[index]);
}
