import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_jobs";
import * as m0003 from "./0003_list_indexes";
import * as m0004 from "./0004_notification_counters";
import * as m0005 from "./0005_board_index";
import * as m0007 from "./0007_two_factor";

/**
 * Migrations as an imported object (not FileMigrationProvider) so that the
 * bundled server carries them. Add new ones at the end, numbered.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_jobs": m0002,
  "0003_list_indexes": m0003,
  "0004_notification_counters": m0004,
  "0005_board_index": m0005,
  "0007_two_factor": m0007,
};
