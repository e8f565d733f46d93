/**
 * The studio's limits, applied to a folder of content files as
 * `npm run content -- import` brings them in (issue 31: "takes a 60 MB post;
 * the studio caps a post at 20,000 characters"). The same zod schemas the
 * studio's forms and API use, item by item: each post, service, level and
 * stylist the files hold, and each offer's title and words (an offer's file
 * may say more than the studio's form can: a headline other than "N% off", a
 * code with a space, as the spec's 'AUTUMN OFFER'). Pure: the files in, the problems out (none: within
 * the limits).
 */
import type { z } from "zod";
import { postFiles } from "./posts";
import { levelRows, serviceRows } from "./price-list";
import { offerRows } from "./offers";
import { levelPatchSchema, offerPatchSchema, postCreateSchema, serviceCreateSchema, stylistPatchSchema } from "./studio-forms";
import { stylistRows } from "./team";

/** Each item of `files` the studio would refuse, as "content/FILE, ITEM: what is wrong". */
export function studioLimitProblems(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const check = (where: string, schema: z.ZodType, value: Record<string, unknown>) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues.slice(0, 3)) problems.push(`content/${where}${issue.path.length ? ` (${issue.path.join(".")})` : ""}: ${issue.message}`);
  };
  for (const post of postFiles(files)) {
    check(`blog/${post.slug}.md`, postCreateSchema, { title: post.title, body: post.body, author: post.author, date: post.date, image: post.image, draft: post.draft });
  }
  for (const service of serviceRows(files)) {
    const { service: name, price, product_price, cat1, cat2, minutes } = service;
    check(`services.yaml, service ${service.id}`, serviceCreateSchema, { service: name, price, product_price, cat1, cat2, minutes });
  }
  for (const level of levelRows(files)) check(`levels.yaml, level ${level.id}`, levelPatchSchema, { name: level.name, description: level.description });
  for (const stylist of stylistRows(files)) {
    const { first_name, last_name, level, salon, role, favourite_style, para_1, para_2, para_3, booking_url } = stylist;
    check(`stylists.yaml, ${stylist.slug}`, stylistPatchSchema, { first_name, last_name, level, salon, role, favourite_style, para_1, para_2, para_3, booking_url });
  }
  for (const offer of offerRows(files)) check(`offers.yaml, ${offer.slug}`, offerPatchSchema, { title: offer.title, text: (offer.body ?? []).join("\n\n") });
  return problems;
}
