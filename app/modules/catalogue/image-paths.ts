/**
 * Where each picture lives: a file under content/images/{kind}/{name}, a
 * photograph or a sample picture. The .svg addresses are the pictures' names
 * from when they were drawn in code, kept because the API hands them out; the
 * server sends them to the picture's JPEG.
 */
export const imagePaths = {
  stylist: (slug: string) => `/images/team/${slug}.svg`,
  salonLogo: (id: number) => `/images/salons/salon-${id}-logo.svg`,
  salonImage: (id: number) => `/images/salons/salon-${id}.svg`,
};
