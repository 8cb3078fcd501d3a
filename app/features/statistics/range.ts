/** The dashboard's range presets (shared by the page and range.server.ts). */
export const RANGE_PRESETS = ["last30", "last90", "thisMonth", "thisYear", "lastYear", "last12Months"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = "last12Months";
