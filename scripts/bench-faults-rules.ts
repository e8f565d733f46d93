/**
 * The fault bench's rules, pure so they are tested (bench-faults-rules.test.ts):
 * which quotes to post (from the catalogue the site serves), and what a phase
 * of the run must show for the run to pass.
 */
import type { Level, Service, Stylist } from "~/modules/catalogue/entities";
import { checkQuote, levelsAtSalon } from "~/modules/pricing/pricing";

export interface ServedCatalogue {
  salons: { id: number }[];
  levels: Level[];
  stylists: Pick<Stylist, "id" | "level" | "salon" | "taking_new_clients">[];
  services: Service[];
}

export type BenchQuote =
  | { salon_id: number; selector: "Level"; level_id: number; service_ids: number[] }
  | { salon_id: number; selector: "Stylist"; stylist_id: number; service_ids: number[] };

/**
 * Every quote the catalogue allows with one service: by level at each salon
 * (the levels someone there works at), and by each stylist taking new clients;
 * each service checked as the server checks it (checkQuote). Alternated, so a
 * run has both kinds throughout.
 */
export function quotesFromCatalogue({ salons, levels, stylists, services }: ServedCatalogue): BenchQuote[] {
  const doable = (level: Level) => services.filter((service) => checkQuote([service.id], services, level).ok).map((service) => [service.id]);
  const byLevel: BenchQuote[] = salons.flatMap((salon) =>
    levelsAtSalon(levels, salon.id, stylists).flatMap((level) =>
      doable(level).map((service_ids) => ({ salon_id: salon.id, selector: "Level" as const, level_id: level.id, service_ids })),
    ),
  );
  const byStylist: BenchQuote[] = stylists
    .filter((stylist) => stylist.taking_new_clients)
    .flatMap((stylist) => {
      const level = levels.find((l) => l.id === stylist.level);
      return level ? doable(level).map((service_ids) => ({ salon_id: stylist.salon, selector: "Stylist" as const, stylist_id: stylist.id, service_ids })) : [];
    });
  return byLevel.flatMap((quote, i) => [quote, ...(byStylist[i] ? [byStylist[i]] : [])]).concat(byStylist.slice(byLevel.length));
}

/** A phase of the run: one state of the faults. */
export interface PhaseFigures {
  name: string;
  /** The mail server was down, or the text provider answered 500, throughout the phase. */
  mailDown: boolean;
  textsRefused: boolean;
  /** Quotes posted in the phase, answered 2xx and stored. */
  quotes: number;
  /** Messages queued in the phase (suppressed ones left out), and how many of them reached their sink. */
  emails: number;
  emailsDelivered: number;
  texts: number;
  textsDelivered: number;
  /** Emails of the phase claimed more than once (so tried while the mail server was down, or across a kill). */
  emailsRetried: number;
  /** Texts the provider was asked for, and refused, during the phase. */
  textsRefusedByProvider: number;
  /** Extra deliveries of the phase's messages. */
  doubled: number;
}

/**
 * What is wrong with a phase: it moved no traffic (no quote saved, no email or
 * no text queued), its fault met none (no text asked for while the provider
 * refused, no email tried while the mail server was down), or a message of it
 * was lost or delivered twice. A phase with nothing to show proves nothing.
 */
export function phaseProblems(phase: PhaseFigures): string[] {
  return [
    phase.quotes === 0 && `"${phase.name}" saved no quote`,
    phase.emails === 0 && `"${phase.name}" queued no email`,
    phase.texts === 0 && `"${phase.name}" queued no text`,
    phase.mailDown && phase.emailsRetried === 0 && `"${phase.name}": no email of the phase was tried while the mail server was down`,
    phase.textsRefused && phase.textsRefusedByProvider === 0 && `"${phase.name}": no text was asked for while the provider answered 500`,
    phase.emailsDelivered < phase.emails && `"${phase.name}": ${phase.emails - phase.emailsDelivered} email(s) never delivered`,
    phase.textsDelivered < phase.texts && `"${phase.name}": ${phase.texts - phase.textsDelivered} text(s) never delivered`,
    phase.doubled > 0 && `"${phase.name}": ${phase.doubled} extra deliveries`,
  ].filter((problem): problem is string => Boolean(problem));
}
