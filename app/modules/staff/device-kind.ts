/**
 * A coarse summary of a browser's user agent, for a person's list of their own
 * sessions: the browser's family and the kind of device ("Chrome on an
 * Android phone"). Only this summary is kept, never the user agent itself
 * (decision record 0039): enough to tell one's phone from the salon's
 * computer, too little to follow anyone.
 */

/** The longest summary kept; anything longer is someone's odd header. */
const MAX_KIND = 60;

const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|Chrome\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

const devices: [RegExp, string][] = [
  [/\biPad\b/, "an iPad"],
  [/\biPhone\b|\biPod\b/, "an iPhone"],
  [/\bAndroid\b.*\bMobile\b/, "an Android phone"],
  [/\bAndroid\b/, "an Android tablet"],
  [/\bCrOS\b/, "a Chromebook"],
  [/\bWindows\b/, "a Windows computer"],
  [/\bMacintosh\b|\bMac OS X\b/, "a Mac"],
  [/\bLinux\b/, "a Linux computer"],
];

/** "Chrome on an Android phone", "Safari on an iPhone", or "An unknown browser" when the header says too little. */
export function deviceKind(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const device = devices.find(([pattern]) => pattern.test(ua))?.[1];
  const kind = browser && device ? `${browser} on ${device}` : browser ? browser : device ? `A browser on ${device}` : "An unknown browser";
  return kind.slice(0, MAX_KIND);
}
