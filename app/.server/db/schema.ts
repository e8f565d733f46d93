import type { Generated } from "kysely";

/**
 * The database's tables as Kysely sees them. Both engines store the same
 * shapes: booleans as 0/1 integers and timestamps as ISO 8601 text, so one set
 * of queries returns the same values on SQLite and on PostgreSQL.
 */
export interface SalonTable {
  id: number;
  name: string;
  website: string;
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
}

export interface ReviewTable {
  position: number;
  review: string;
  client: string;
  stylist_slug: string;
}

export interface BlogPostTable {
  slug: string;
  title: string;
  author: string;
  date: string;
  excerpt: string;
  body_html: string;
  image: string;
}

export interface NewsItemTable {
  slug: string;
  title: string;
  date: string;
  image: string;
  text: string;
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

export type OutboxChannel = "email" | "sms";
export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "suppressed";

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
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
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
}

export interface ModelApplicantTable {
  id: Generated<number>;
  name: string;
  mobile: string;
  info: string;
  health: string | null;
  health_consent_at: string | null;
  created_at: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

export interface InterestRegistrationTable {
  id: Generated<number>;
  kind: "open-evening" | "feedback";
  name: string;
  mobile: string;
  created_at: string;
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
}

export interface QuoteServiceTable {
  quote_link: string;
  position: number;
  service_id: number;
  service: string;
  price: number;
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
  outbox_messages: OutboxMessageTable;
  rate_limits: RateLimitTable;
  job_applicants: JobApplicantTable;
  model_applicants: ModelApplicantTable;
  contact_messages: ContactMessageTable;
  interest_registrations: InterestRegistrationTable;
  quotes: QuoteTable;
  quote_services: QuoteServiceTable;
}
