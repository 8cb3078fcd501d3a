import fs from "node:fs";
import path from "node:path";
import { supportedLanguages, type Language } from "./config";

export type Namespaces = Record<string, Record<string, unknown>>;
export type Resources = Record<Language, Namespaces>;

/** app/locales/{lng}/{ns}.json, read from the working tree (npm start runs at the project root). */
export const LOCALES_DIR = path.resolve(process.env.LOCALES_DIR ?? "app/locales");

let cache: Resources | undefined;

function readLanguage(language: Language): Namespaces {
  const dir = path.join(LOCALES_DIR, language);
  const namespaces: Namespaces = {};
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    namespaces[file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  return namespaces;
}

/** Every namespace of every language; read once in production, on each call in development. */
export function resources(): Resources {
  if (cache && process.env.NODE_ENV === "production") return cache;
  cache = Object.fromEntries(supportedLanguages.map((language) => [language, readLanguage(language)])) as Resources;
  return cache;
}
