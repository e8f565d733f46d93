import { srcSet } from "~/modules/images/variants";

interface PictureProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Raster widths to offer; the browser picks one from `sizes`. */
  widths: readonly number[];
  sizes: string;
  /** Above the fold: load at once and early. Everything else loads lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * A drawn picture as AVIF or WebP at the right size, with the SVG as the
 * fallback. A salon's own photograph (not an .svg) is shown as it is.
 */
export function Picture({ src, alt, width, height, widths, sizes, eager = false, className }: PictureProps) {
  const avif = srcSet(src, widths, "avif");
  const webp = srcSet(src, widths, "webp");
  return (
    <picture className="contents">
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

type ArtProps = Omit<PictureProps, "width" | "height">;

/** A wide (16:9) picture: blog, offer, shop and work artwork. */
export function ScenePicture(props: ArtProps) {
  return <Picture {...props} width={1200} height={675} />;
}

/** A stylist's portrait (4:5). */
export function PortraitPicture(props: ArtProps) {
  return <Picture {...props} width={400} height={500} />;
}
