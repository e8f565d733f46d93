import type { EmailBrand } from "~/.server/email/layout";
import { ACADEMY_SALON_ID } from "~/modules/catalogue/catalogue.server";
import { imagePaths } from "~/modules/catalogue/image-paths";
import { variantPath } from "~/modules/images/variants";
import type { Settings } from "./content-schema";
import { formatAddress } from "./public-settings";
import { emailWordsFor, type CodeWords } from "./words";

/** What every email shows of the salon, from its settings, its words for emails (the studio's) and the site's public address. */
export function emailBrand(settings: Settings, publicUrl: string, words?: CodeWords): EmailBrand {
  return {
    name: settings.name,
    phone: settings.phone,
    address: formatAddress(settings),
    publicUrl,
    bookingUrl: settings.links.booking,
    // The logo's PNG copy, made by the picture library from the salon's logo file.
    logoUrl: `${publicUrl}${variantPath(imagePaths.salonLogo(ACADEMY_SALON_ID), 640, "png")!}`,
    words: emailWordsFor(words),
  };
}
