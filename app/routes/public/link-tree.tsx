import { href } from "react-router";
import { Picture } from "~/components/picture";
import { SmartLink } from "~/components/page";
import { SocialIcons } from "~/components/social-icons";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { imagePaths } from "~/modules/catalogue/image-paths";
import { pageContext } from "~/web/page-context.server";
import { seoMeta } from "~/utils/seo";
import type { Route } from "./+types/link-tree";
import { contentPageAt } from "~/web/route-facts";

export const handle = contentPageAt({ "/link-tree": {}, "/links": {} });

export const meta = seoMeta;

/** /link-tree and /links: the page behind the link in our social profiles. Only /links offers the skin test. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { settings, copy, seo, picture } = pageContext(context);
  const text = copy.text.linkTree;
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const withSkinTest = path === "/links";
  const buttons = [
    ...(withSkinTest ? [{ label: "Skin test", href: settings.links.skinTest }] : []),
    { label: "Refer a friend", href: href("/refer-a-friend") },
    { label: "Book online", href: settings.links.booking },
    { label: "Online quote", href: href("/prices") },
    { label: "Join the team", href: href("/joinus") },
    { label: "Model signup", href: href("/models") },
    { label: "The shop", href: href("/online-shop") },
    { label: "The blog", href: href("/blog") },
  ];
  return {
    text,
    buttons,
    social: settings.social,
    logo: picture(imagePaths.salonLogo(ACADEMY_SALON_ID)),
    seo: seo({
      title: withSkinTest ? `${text.title}, with skin tests` : text.title,
      description: withSkinTest ? `${text.description} Book a skin test here too.` : text.description,
      path,
      image: imagePaths.salonLogo(ACADEMY_SALON_ID),
    }),
  };
}

export default function LinkTree({ loaderData }: Route.ComponentProps) {
  const { text, buttons, social, logo } = loaderData;
  return (
    <div className="min-h-screen bg-ink px-4 py-12 text-chalk">
      <div className="mx-auto flex max-w-md flex-col items-center text-center">
        <div className="rounded-2xl bg-chalk px-6 py-4">
          <Picture picture={logo} alt="" widths={[320, 640]} sizes="12rem" eager className="w-48" />
        </div>
        <h1 className="mt-6 text-4xl">{text.heading}</h1>
        <p className="mt-2 text-blush">{text.intro}</p>
        <nav aria-label="Links" className="mt-8 w-full">
          <ul className="flex flex-col gap-3">
            {buttons.map((b) => (
              <li key={b.label}>
                <SmartLink href={b.href} className="button w-full bg-chalk text-ink hover:bg-blush">
                  {b.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <SocialIcons links={social} className="mt-10 justify-center" />
      </div>
    </div>
  );
}
