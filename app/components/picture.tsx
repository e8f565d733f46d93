import { fallbackSrc, srcSet, type PictureData } from "~/modules/images/picture-data";

interface PictureProps {
  /** From the loader (the picture library's describe()): a picture file's size and placeholder. None: nothing is drawn. */
  picture: PictureData | undefined;
  alt: string;
  /** Raster widths to offer; the browser picks one from `sizes`. */
  widths: readonly number[];
  sizes: string;
  /** Above the fold: load at once and early. Everything else loads lazily. */
  eager?: boolean;
  /** The frame's size, shape and rounding; the picture fills it (cropped to fit). */
  className?: string;
}

/**
 * A picture as AVIF or WebP at the right size, with a JPEG as the fallback.
 * Width and height are always set, so nothing moves as it loads, and a
 * placeholder (a tiny blurred copy of the picture) fills the frame until it
 * arrives.
 */
export function Picture({ picture, alt, widths, sizes, eager = false, className = "" }: PictureProps) {
  if (!picture) return null;
  const { width, height, placeholder, focus } = picture;
  return (
    <span className={`relative isolate block overflow-hidden ${className}`}>
      {placeholder ? (
        <img
          src={placeholder}
          alt=""
          aria-hidden="true"
          width={width}
          height={height}
          className={`absolute inset-0 -z-10 size-full scale-110 object-cover blur-xl ${focus ?? ""}`}
        />
      ) : null}
      <picture className="contents">
        <source type="image/avif" srcSet={srcSet(picture, widths, "avif")} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(picture, widths, "webp")} sizes={sizes} />
        <img
          src={fallbackSrc(picture, widths)}
          // A photo's own description, unless the picture is only decoration beside its name (alt="").
          alt={alt === "" ? "" : (picture.alt ?? alt)}
          width={width}
          height={height}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className={`block size-full object-cover ${focus ?? ""}`}
        />
      </picture>
    </span>
  );
}
