/**
 * Where each picture lives. Pictures are drawn from code until a salon drops
 * its photographs in under the same names.
 */
export const imagePaths = {
  stylist: (slug: string) => `/images/team/${slug}.svg`,
  salonLogo: (id: number) => `/images/salons/salon-${id}-logo.svg`,
  salonImage: (id: number) => `/images/salons/salon-${id}.svg`,
};
