import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-catalogue";
import * as m0002 from "./0002-outbox";
import * as m0003 from "./0003-quotes";
import * as m0004 from "./0004-rate-limits";
import * as m0005 from "./0005-enquiries";
import * as m0006 from "./0006-staff";
import * as m0010 from "./0010-staff-desk";
import * as m0019 from "./0019-feedback-text";
import * as m0020 from "./0020-one-name-per-kind";
import * as m0021 from "./0021-staff-roles";
import * as m0022 from "./0022-sign-in-counts";
import * as m0023 from "./0023-passkeys";
import * as m0024 from "./0024-outbox-counts";
import * as m0025 from "./0025-visit-counts";
import * as m0026 from "./0026-marketing-consents";
import * as m0027 from "./0027-chair-time-and-booking";
import * as m0029 from "./0029-applicant-desk";
import * as m0030 from "./0030-applicant-cvs";
import * as m0031 from "./0031-invitations";
import * as m0032 from "./0032-session-origins";
import * as m0033 from "./0033-studio";
import * as m0036 from "./0036-photos";
import * as m0038 from "./0038-outbox-caps-count-unheld";
import * as m0041 from "./0041-staff-alert-digests";
import * as m0045 from "./0045-health-checks";
import * as m0047 from "./0047-used-form-tokens";
import * as m0049 from "./0049-visit-counts-one-spelling";
import * as m0055 from "./0055-invitation-emails";
import * as m0059 from "./0059-posts-publish-at";
import * as m0060 from "./0060-outbox-interrupted-sends";
import * as m0065 from "./0065-booking-links";
import * as m0066 from "./0066-review-stars";
import * as m0068 from "./0068-offer-audiences";

/**
 * Every migration, in order. Listed here rather than read from the folder at
 * run time so that the server bundle carries them and no file lookup can miss one.
 * Names sort in the order they run: never rename or edit one that has shipped.
 * Numbers are claimed when work starts, so one may land after a higher one
 * (0003 is the quotes'): the migrator runs any that a database lacks.
 */
export const migrations: Record<string, Migration> = {
  "0001-catalogue": m0001,
  "0002-outbox": m0002,
  "0003-quotes": m0003,
  "0004-rate-limits": m0004,
  "0005-enquiries": m0005,
  "0006-staff": m0006,
  "0010-staff-desk": m0010,
  "0019-feedback-text": m0019,
  "0020-one-name-per-kind": m0020,
  "0021-staff-roles": m0021,
  "0022-sign-in-counts": m0022,
  "0023-passkeys": m0023,
  "0024-outbox-counts": m0024,
  "0025-visit-counts": m0025,
  "0026-marketing-consents": m0026,
  "0027-chair-time-and-booking": m0027,
  "0029-applicant-desk": m0029,
  "0030-applicant-cvs": m0030,
  "0031-invitations": m0031,
  "0032-session-origins": m0032,
  "0033-studio": m0033,
  "0036-photos": m0036,
  "0038-outbox-caps-count-unheld": m0038,
  "0041-staff-alert-digests": m0041,
  "0045-health-checks": m0045,
  "0047-used-form-tokens": m0047,
  "0049-visit-counts-one-spelling": m0049,
  "0055-invitation-emails": m0055,
  "0059-posts-publish-at": m0059,
  "0060-outbox-interrupted-sends": m0060,
  "0065-booking-links": m0065,
  "0066-review-stars": m0066,
  "0068-offer-audiences": m0068,
};
