import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/lib/i18n/config";
import { AUDIT_ACTIONS, AUDIT_FAMILY_NAMES, AUDIT_RECORD_TYPES } from "./audit-actions";

type AuditStrings = { families: Record<string, string>; records: Record<string, string>; actions: Record<string, Record<string, string>> };

function auditStrings(language: string): AuditStrings {
  return JSON.parse(readFileSync(path.resolve(__dirname, `../locales/${language}/audit.json`), "utf8")) as AuditStrings;
}

describe("the audit catalogue", () => {
  it.each(supportedLanguages)("names every family, action and record type in %s, and nothing else", (language) => {
    const strings = auditStrings(language);
    const blank = (value: string | undefined) => !value?.trim();
    expect(AUDIT_FAMILY_NAMES.filter((family) => blank(strings.families[family]))).toEqual([]);
    expect(AUDIT_ACTIONS.filter((action) => blank(strings.actions[action.split(".")[0]!]?.[action.split(".")[1]!]))).toEqual([]);
    expect(AUDIT_RECORD_TYPES.filter((type) => blank(strings.records[type]))).toEqual([]);
    // A label for an action that is no longer written is a leftover.
    const labelled = Object.entries(strings.actions).flatMap(([family, names]) => Object.keys(names).map((name) => `${family}.${name}`));
    expect(labelled.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });

  it("lists each action and record type once", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(new Set(AUDIT_RECORD_TYPES).size).toBe(AUDIT_RECORD_TYPES.length);
  });
});
