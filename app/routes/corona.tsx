import { MarkdownPage } from "~/components/markdown-page";
import { markdownPage } from "~/modules/content/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/corona";

export const meta = seoMeta;

export function loader({ context }: Route.LoaderArgs) {
  return markdownPage(context, "corona", "/corona");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
