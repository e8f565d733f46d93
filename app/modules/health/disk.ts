/**
 * Whether the disk where the site writes has room (API contract, "Running the
 * site": `disk: "low"`, and 503, under 5% free). Pure: a filesystem's free and
 * total blocks, as statfs gives them, in; a word out.
 */
export type DiskState = "ok" | "low";

/** Under this share of the disk free, the site says its disk is low. */
export const DISK_LOW_SHARE = 0.05;

/** `available`: blocks free to the site's user (statfs's bavail); `total`: all of the filesystem's blocks. */
export function diskState({ available, total }: { available: number; total: number }): DiskState {
  // A filesystem that reports no size (some virtual ones) says nothing about room.
  if (!(total > 0)) return "ok";
  return available / total < DISK_LOW_SHARE ? "low" : "ok";
}
