import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_jobs";
import * as m0003 from "./0003_list_indexes";
import * as m0004 from "./0004_notification_counters";
import * as m0005 from "./0005_board_index";
import * as m0006 from "./0006_tasks";
import * as m0007 from "./0007_two_factor";
import * as m0008 from "./0008_clients_audit";
import * as m0009 from "./0009_translation_desk";
import * as m0010 from "./0010_certificates";
import * as m0011 from "./0011_glossary";
import * as m0013 from "./0013_report_title_search";
import * as m0014 from "./0014_machine_draft";
import * as m0015 from "./0015_billing";
import * as m0016 from "./0016_statistics_and_string_overrides";
import * as m0017 from "./0017_content_versions";
import * as m0018 from "./0018_site_media";
import * as m0019 from "./0019_inbox_replies_templates";
import * as m0020 from "./0020_client_orders_index";
import * as m0021 from "./0021_statistics_indexes";
import * as m0022 from "./0022_client_postal_address";
import * as m0023 from "./0023_desk_file_source_document";
import * as m0024 from "./0024_requests";
import * as m0025 from "./0025_messages";
import * as m0026 from "./0026_extraction_runs";
import * as m0027 from "./0027_jobs_request_id";
import * as m0028 from "./0028_rate_limits";

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
  "0006_tasks": m0006,
  "0007_two_factor": m0007,
  "0008_clients_audit": m0008,
  "0009_translation_desk": m0009,
  "0010_certificates": m0010,
  "0011_glossary": m0011,
  "0013_report_title_search": m0013,
  "0014_machine_draft": m0014,
  "0015_billing": m0015,
  "0016_statistics_and_string_overrides": m0016,
  "0017_content_versions": m0017,
  "0018_site_media": m0018,
  "0019_inbox_replies_templates": m0019,
  "0020_client_orders_index": m0020,
  "0021_statistics_indexes": m0021,
  "0022_client_postal_address": m0022,
  "0023_desk_file_source_document": m0023,
  "0024_requests": m0024,
  "0025_messages": m0025,
  "0026_extraction_runs": m0026,
  "0027_jobs_request_id": m0027,
  "0028_rate_limits": m0028,
};
