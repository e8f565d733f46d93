/**
 * Mobile numbers for the browser tests' visitors, one of their own each within a run, so no number reaches
 * the site's limit of texts to one number. They come from Ofcom's range for drama (07700 900000–900999),
 * shared out between the browser workers running at once (by parallelIndex, 0 to workers − 1), each of
 * which counts through its share, whichever spec asks.
 */
let given = 0;

export function visitorMobile(testInfo: { parallelIndex: number; config: { workers: number } }): { mobile: string; digits: string; e164: string } {
  const share = Math.floor(900 / Math.max(1, testInfo.config.workers));
  const n = 100 + testInfo.parallelIndex * share + (given++ % share);
  return { mobile: `07700 900${n}`, digits: `7700900${n}`, e164: `+447700900${n}` };
}
