import type { ColumnType, Generated, Kysely } from "kysely";

/** The database as every module takes it: a connection or a transaction (Kysely's Transaction is a Kysely). */
export type Db = Kysely<Database>;

/**
 * The database's tables as Kysely sees them. Both engines store the same
 * shapes: booleans as 0/1 integers and timestamps as ISO 8601 text, so one set
 * of queries returns the same values on SQLite and on PostgreSQL.
 */
export interface SalonTable {
  id: number;
  name: string;
  website: string;
  /** Where this salon's clients book online; the phone they call. */
  booking_url: Generated<string>;
  phone: Generated<string>;
  /** Where a colour client books the skin test 48 hours before. */
  skin_test_url: Generated<string>;
  /** Where a new colour client books the consultation that comes first (the booking link when the content gives none). */
  consultation_url: Generated<string>;
}

export interface LevelTable {
  id: number;
  name: string;
  adapter: number;
}

export interface ServiceTable {
  id: number;
  service: string;
  price: number;
  product_price: number;
  cat1: number;
  cat2: number;
  /** Chair time at level 1, processing included. */
  minutes: Generated<number>;
}

export interface StylistTable {
  id: number;
  first_name: string;
  last_name: string;
  slug: string;
  level: number;
  salon: number;
  taking_new_clients: number;
  role: string | null;
  favourite_style: string;
  average_price: number;
  photo_profile: string;
  para_1: string;
  para_2: string;
  para_3: string | null;
  display_order: number;
  /** The stylist's own booking link on the salon's platform; "": the salon's. */
  booking_url: Generated<string>;
}

export interface ReviewTable {
  position: number;
  review: string;
  client: string;
  stylist_slug: string;
  /** 1 to 5 when the client gave a star figure (migration 0066). */
  stars: number | null;
}

export interface BlogPostTable {
  slug: string;
  title: string;
  author: string;
  date: string;
  excerpt: string;
  body_html: string;
  image: string;
  /** When a scheduled post goes public (ISO 8601, UTC); null: public as soon as published. */
  publish_at: string | null;
}

export interface NewsItemTable {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  image: string;
  text: string;
  /** When a scheduled item goes on the shop page (ISO 8601, UTC); null: as soon as it is there (migration 0067). */
  publish_at: string | null;
}

export interface StoreBannerTable {
  position: number;
  image: string;
  url: string;
  alt: string;
  headline: string;
}

export interface StoreTileTable {
  position: number;
  image: string;
  brand: string;
  title: string;
  description: string;
  url: string;
}

export interface ContentVersionTable {
  dataset: string;
  hash: string;
  updated_at: string;
}

/** One of content/'s files as the database holds it: the site's words (decision record 0040). */
export interface ContentFileTable {
  /** Inside content/: "services.yaml", "blog/open-evening.md". */
  path: string;
  body: string;
  updated_at: string;
}

/** One change made in the studio (or an import), with what it altered, so it can be undone. */
export interface StudioHistoryTable {
  id: Generated<number>;
  at: string;
  staff: string;
  /** What was changed: "price list", "team", "content". */
  what: string;
  /** In words: "Roots £14 → £16". */
  summary: string;
  /** JSON: the changes (app/modules/studio/changes.ts). */
  changes: string;
  /** The entry this one undid. */
  undoes: number | null;
  /** The entry that undid this one. */
  undone_by: number | null;
}

export type OutboxChannel = "email" | "sms";
/**
 * "digest": a staff alert past its hourly budget, never held back: it goes out inside one digest email
 * (digest_id names that email's row once it is queued; decision record 0050).
 */
export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "suppressed" | "digest";

export interface OutboxMessageTable {
  id: string;
  channel: OutboxChannel;
  template: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  provider_id: string | null;
  related_type: string | null;
  related_id: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** The recipient as the per-recipient cap counts it: an email in lower case without its +tag; a number as it is. */
  recipient_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** What caused it: "visitor", "staff-alert", "staff" or "site" (outbox.server.ts MessageTrigger); null for messages from before it was kept (visitors'). */
  trigger: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the client address whose submission caused it, when a request did. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when staff may take this message back (null: sent as soon as it can be). */
  held_until: string | null;
  /** Why a suppressed message was held back. */
  held_reason: ColumnType<OutboxHeldReason | null, OutboxHeldReason | null | undefined, OutboxHeldReason | null>;
  /** 1: the worker renders the bodies from the related record when it sends (migration 0024). */
  render_on_send: ColumnType<number, number | undefined, number>;
  /** The digest email that carries this staff alert (status "digest"); null while it waits for the next one (migration 0041). */
  digest_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When a claim that may have sent it began, if a worker took it over after that claim ran out (the process
   * died mid-send): the worker asks the provider, where it can, before sending again (migration 0060).
   */
  interrupted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Why a message was held back (decision record 0018 item 7, decision 0027): the caps on one recipient,
 * on one client's share of the hour, or on visitors' messages site-wide. "staff-alerts" is only on rows from
 * before decision 0050: a staff alert past its budget now goes in a digest, never held back.
 */
export type OutboxHeldReason = "recipient" | "client" | "site-wide" | "staff-alerts";

/**
 * A notice the site sends staff about itself, once per kind and window (migration 0041): the digest of a
 * period's staff alerts past their budget, or the hour the visitors' message budget was spent. The row is the claim.
 */
export interface StaffNoticeTable {
  kind: string;
  /** The window's start (ISO): the digest period's, or the hour's. */
  window_start: string;
  created_at: string;
  /** The email that gave the notice. */
  outbox_id: string | null;
}

/** How many messages were queued (not held back) in a minute, in shards (migration 0024). */
export interface OutboxCountTable {
  minute: string;
  shard: number;
  count: number;
}

/** One row, written by each GET /healthz to prove the database takes writes (migration 0045). */
export interface HealthCheckTable {
  id: number;
  checked_at: string;
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

/** A page's form token that has been used (0047): its hash, kept until the token would have expired. */
export interface UsedFormTokenTable {
  token_hash: string;
  expires_at: string;
}

export interface JobApplicantTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  email: string;
  role: string;
  position: string;
  about: string;
  why_hair: string;
  why_us: string;
  salon: number;
  /** '' (uncategorised), definitely, maybe, no or archived. */
  follow_up: string;
  email_response: string | null;
  possible_duplicate: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** A "remind me on" date, YYYY-MM-DD in the salon's time zone. */
  remind_on: string | null;
  /** The follow-up the applicant had when archived, brought back on restore. */
  follow_up_before_archive: string | null;
  /** email_response before the last canned reply, put back if that reply is taken back. */
  email_response_before: string | null;
}

/** The CV an applicant sent with the join-us form (at most one), erased with them. */
export interface ApplicantCvTable {
  applicant_id: number;
  /** The name it was sent with, made safe (app/modules/uploads/file-kinds.ts safeFileName). */
  file_name: string;
  /** pdf or docx, judged by its content. */
  kind: string;
  size: number;
  bytes: Buffer;
  created_at: string;
}

export interface EmailTemplateTable {
  /** unsuccessful, maybe, interview or trial */
  name: string;
  subject: string;
  body: string;
  updated_by: string;
  updated_at: string;
}

export interface ModelApplicantTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  info: string;
  health: string | null;
  health_consent_at: string | null;
  created_at: string;
  /** When a staff member ticked it off (null: not handled yet), and who. */
  handled_at: string | null;
  handled_by: string | null;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

export interface InterestRegistrationTable {
  id: Generated<number>;
  kind: "open-evening" | "feedback";
  name: string;
  mobile: string;
  /** The feedback form's optional words; null for open evening, or when none were given. */
  feedback: string | null;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

/** A saved quote, with its own copy of names and prices. */
export interface QuoteTable {
  link: string;
  created_at: string;
  name: string;
  first_name: string;
  /** E.164 */
  mobile: string;
  email: string;
  referral: string;
  /** 0/1 */
  regular: number;
  selector: string;
  calculator_type: string;
  /** 0/1: the quote holds a colour service (the skin-test note applies). */
  has_colour: number;
  salon_id: number;
  salon_name: string;
  level_id: number;
  level_name: string;
  stylist_id: number | null;
  stylist_name: string | null;
  stylist_image: string | null;
  stylist_salon_id: number | null;
  stylist_salon_name: string | null;
  total: number;
  /** The visit's chair time as quoted. */
  minutes: Generated<number>;
}

export interface QuoteServiceTable {
  quote_link: string;
  position: number;
  service_id: number;
  service: string;
  price: number;
}

export interface StaffAccountTable {
  id: Generated<number>;
  name: string;
  /** The name in lower case, unique. */
  name_key: string;
  /** argon2id, PHC string. */
  pin_hash: string;
  /** What the person may do (app/modules/staff/roles.ts); `manager` unless set. */
  role: ColumnType<"manager" | "reception", "manager" | "reception" | undefined, "manager" | "reception">;
  created_at: string;
  updated_at: string;
}

/** A signed-in session; the cookie holds the id, this table its SHA-256. */
export interface StaffSessionTable {
  id_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  /** 12 hours after last use, and never more than 7 days after `created_at`. */
  expires_at: string;
  /** The hash of the device cookie it was made on (staff_devices.id_hash): forgetting the device ends it. */
  device_hash: string | null;
  /** The passkey it was made with, if one: removing the passkey ends it. */
  passkey_id: string | null;
  /** A coarse summary of the browser ("Safari on an iPhone"), never the whole user agent. */
  device_kind: string | null;
}

/** A browser that has signed in before (the device cookie), still allowed in when sign-in is under attack. */
export interface StaffDeviceTable {
  id_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** One count of PIN attempts not yet proven right: `device:…`, `address:…`, `account:…` or `site:<hour>`. */
export interface StaffSignInCountTable {
  key: string;
  attempts: number;
  /** The account key all attempts of the run named, or "*". */
  run_account: string;
  locked_until: string | null;
  updated_at: string;
}

/** A staff member's passkey (WebAuthn credential). */
export interface StaffPasskeyTable {
  id: string;
  staff_id: number;
  public_key: string;
  counter: number;
  transports: string;
  label: string;
  created_at: string;
  last_used_at: string | null;
}

/** A WebAuthn challenge not yet used: each is good once, for a few minutes. */
export interface StaffPasskeyChallengeTable {
  challenge: string;
  purpose: string;
  staff_id: number | null;
  expires_at: string;
}

/** A one-time sign-in link (`npm run staff -- reset NAME`); the token's SHA-256. */
export interface StaffSignInLinkTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
}

/** A new device waiting for a manager to let it in. */
export interface StaffDeviceApprovalTable {
  code: string;
  request_hash: string;
  name_key: string;
  staff_id: number | null;
  approved_by: string | null;
  created_at: string;
  expires_at: string;
}

/** A removed account's name: STAFF_ACCOUNTS never brings it back. */
export interface StaffAccountTombstoneTable {
  name_key: string;
  removed_at: string;
}

export interface ApplicantNoteTable {
  id: Generated<number>;
  applicant_id: number;
  /** The staff member's display name when it was written. */
  author: string;
  text: string;
  created_at: string;
}

/** An interview or trial-day invitation sent to an applicant (migration 0031). */
export interface ApplicantInvitationTable {
  id: Generated<number>;
  applicant_id: number;
  /** interview or trial */
  kind: string;
  /** ISO 8601, UTC. */
  starts_at: string;
  minutes: number;
  place: string;
  note: string | null;
  /** The calendar event's UID: the same in every copy of the invitation. */
  uid: string;
  /** The outbox email that carries it, and the text reminder the day before (none when that was already past). */
  email_message_id: string;
  reminder_message_id: string | null;
  /** A staff display name. */
  created_by: string;
  created_at: string;
  /** Set when the email was taken back before it left, or the invitation was called off. */
  cancelled_at: string | null;
  /** The highest calendar SEQUENCE its emails have used (0: only the first invitation). */
  sequence: Generated<number>;
}

/** One email about an invitation (the first, a move, the cancellation): what its calendar file says. */
export interface ApplicantInvitationEmailTable {
  id: Generated<number>;
  invitation_id: number;
  sequence: number;
  /** request or cancel */
  method: string;
  starts_at: string;
  minutes: number;
  place: string;
  note: string | null;
  email_message_id: string;
  created_by: string;
  created_at: string;
}

export interface AuditEventTable {
  id: Generated<number>;
  at: string;
  /** A staff display name, or "retention" for the daily clean-up. */
  actor: string;
  action: string;
  /** A submission kind's name (e.g. "joinus", "messages"); "applicants" for a look at the list. */
  subject_type: string;
  subject_id: string | null;
  /** What changed, never personal data. */
  detail: string | null;
}

/** When a staff member last opened one of the lists (applicants, models, …): the staff home counts what came after. */
export interface StaffLastSeenTable {
  staff_id: number;
  kind: string;
  seen_at: string;
}

/** A site switch set by staff (hideOffers, endDate, news); without a row the content file's value holds. */
export interface SiteSettingTable {
  key: string;
  /** JSON */
  value: string;
  updated_at: string;
  /** A staff display name. */
  updated_by: string;
}

/** The shop news as staff have edited it, shown instead of content/news.yaml's while site_settings has "news". */
export interface SiteNewsItemTable extends NewsItemTable {
  created_at: string;
  updated_at: string;
}

/** Page views and quote-funnel steps per day (migration 0025): counters, nothing about who. */
export interface VisitCountTable {
  /** YYYY-MM-DD, the salon's date. */
  day: string;
  kind: "page" | "funnel";
  /** The page's path, or the funnel step's name. */
  key: string;
  count: number;
}

/** Who agreed to offers by email or text, when, where, and the words they were shown (migration 0026). */
export interface MarketingConsentTable {
  id: Generated<number>;
  given_at: string;
  /** The form: "quote" or "joinus". */
  source: string;
  name: string;
  email: string | null;
  /** E.164 */
  mobile: string | null;
  /** 0/1 */
  email_agreed: number;
  /** 0/1 */
  sms_agreed: number;
  /** The words beside the ticked box, as shown. */
  email_words: string | null;
  sms_words: string | null;
}

/** A photo uploaded by a manager (migration 0036): its normalised bytes and what it shows; the newest not removed per target is shown. */
export interface PhotoTable {
  id: Generated<number>;
  /** What it is of: "stylist:{slug}", "work:{slug}", "post:{slug}", "offer:{slug}" or "hero". */
  target: string;
  /** Re-encoded by sharp, upright, without any metadata, at most 2400 pixels a side. */
  bytes: Buffer;
  /** The stored bytes' format: "jpeg", or "webp" for a picture with see-through parts. */
  kind: "jpeg" | "webp";
  width: number;
  height: number;
  /** A tiny blurred copy, as a data: URL, shown until the picture arrives. */
  placeholder: string;
  alt: string;
  /** The point crops keep in the frame, 0–1 from the left and from the top. */
  focus_x: number;
  focus_y: number;
  /** The staff member who said the people shown agreed to it being on the site, and when. */
  consent_by: string;
  consent_at: string;
  created_by: string;
  created_at: string;
  removed_by: string | null;
  removed_at: string | null;
}

export interface Database {
  salons: SalonTable;
  levels: LevelTable;
  services: ServiceTable;
  stylists: StylistTable;
  reviews: ReviewTable;
  blog_posts: BlogPostTable;
  news_items: NewsItemTable;
  store_banners: StoreBannerTable;
  store_tiles: StoreTileTable;
  content_versions: ContentVersionTable;
  content_files: ContentFileTable;
  studio_history: StudioHistoryTable;
  outbox_messages: OutboxMessageTable;
  email_templates: EmailTemplateTable;
  outbox_counts: OutboxCountTable;
  staff_notices: StaffNoticeTable;
  rate_limits: RateLimitTable;
  used_form_tokens: UsedFormTokenTable;
  health_checks: HealthCheckTable;
  job_applicants: JobApplicantTable;
  model_applicants: ModelApplicantTable;
  contact_messages: ContactMessageTable;
  interest_registrations: InterestRegistrationTable;
  quotes: QuoteTable;
  quote_services: QuoteServiceTable;
  staff_accounts: StaffAccountTable;
  staff_sessions: StaffSessionTable;
  staff_devices: StaffDeviceTable;
  staff_sign_in_counts: StaffSignInCountTable;
  staff_account_tombstones: StaffAccountTombstoneTable;
  staff_passkeys: StaffPasskeyTable;
  staff_passkey_challenges: StaffPasskeyChallengeTable;
  staff_sign_in_links: StaffSignInLinkTable;
  staff_device_approvals: StaffDeviceApprovalTable;
  applicant_notes: ApplicantNoteTable;
  applicant_invitations: ApplicantInvitationTable;
  applicant_invitation_emails: ApplicantInvitationEmailTable;
  applicant_cvs: ApplicantCvTable;
  audit_events: AuditEventTable;
  staff_last_seen: StaffLastSeenTable;
  site_settings: SiteSettingTable;
  site_news_items: SiteNewsItemTable;
  visit_counts: VisitCountTable;
  marketing_consents: MarketingConsentTable;
  photos: PhotoTable;
}
