// The statistics area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { parseStatsRange } from "./range.server";
export { forgetStatistics, getStatistics, type PeriodCount } from "./statistics.server";
