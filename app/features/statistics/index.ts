// The statistics area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { RANGE_PRESETS } from "./range";
