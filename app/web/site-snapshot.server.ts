/**
 * What a public page shows from the database, held in memory per instance and
 * taken again only when the site's revision moves (decision record 0054): the
 * content (content files, parsed, checked, prices worked out), the site
 * switches, the photos managers uploaded, and the revision itself, which keys
 * the HTML cache. A public page request reads none of it from the database.
 *
 * The revision (site-revision.server.ts, one small query) is read:
 * - once a second by each instance (`start`): a change made through another
 *   instance, or by a command, shows within about a second;
 * - as each request with a staff session cookie arrives, and again after such
 *   a request that writes has answered, before any other request of this
 *   instance is served (server/site-snapshot.ts): staff see their own change
 *   at once, and so does every visitor of the instance that made it.
 */
import type { Db } from "~/.server/db/schema";
import { currentPhotos } from "~/modules/photos/photos.server";
import { readContentFiles } from "~/modules/site/content-store.server";
import { loadContent, type SiteContent } from "~/modules/site/load-content.server";
import { passedMoments } from "~/modules/site/publish-at";
import { newsMoments } from "~/modules/site-switches/news.server";
import { readSiteRevision } from "~/modules/site-switches/site-revision.server";
import { fileSwitchesOf } from "~/modules/site-switches/site-switches";
import { currentSwitches } from "~/modules/site-switches/site-switches.server";

/** How often each instance reads the revision: a change elsewhere shows within this, plus one reload. */
export const SNAPSHOT_POLL_MS = 1000;
/** The longest a visitor's request waits for the refresh after a change made on this instance: long enough for a loaded machine to reload the content (2 s may not be, under a load average of 9), short enough that a stopped database does not hold every visitor. */
const SETTLE_LIMIT_MS = 10_000;

async function loadState(db: Db, revision: string, keep: SiteContent | undefined, onError: (error: unknown) => void) {
  let content: SiteContent;
  try {
    content = loadContent(await readContentFiles(db));
  } catch (error) {
    // Every change is checked before it is stored, so this is a broken database: keep showing the last good content.
    if (!keep) throw error;
    onError(error);
    content = keep;
  }
  const [switches, photos, news] = await Promise.all([currentSwitches(db, fileSwitchesOf(content.settings)), currentPhotos(db), newsMoments(db)]);
  const moments = [...content.blogPosts, ...content.copy.offers.offers].flatMap((item) => (item.publish_at ? [item.publish_at] : []));
  // moments: every publish moment the site holds (posts, offers, news items; decision 0059): `pageRevision` counts those passed.
  return { revision, content, switches, photos, moments: [...moments, ...news] };
}

type SiteState = Awaited<ReturnType<typeof loadState>>;

export class SiteSnapshot {
  /** Loads are numbered as they begin: an older one finishing late never replaces a newer one. */
  private begun = 0;
  private shown = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private settling: Promise<void> | undefined;

  private constructor(
    private readonly db: Db,
    private state: SiteState,
    private readonly onError: (error: unknown) => void,
    private readonly onChange: (state: SiteState) => void,
  ) {}

  /** `onChange` is told of each new state as it is taken, before any request sees it. */
  static async open(db: Db, onError: (error: unknown) => void = () => {}, onChange: (state: SiteState) => void = () => {}): Promise<SiteSnapshot> {
    return new SiteSnapshot(db, await loadState(db, await readSiteRevision(db), undefined, onError), onError, onChange);
  }

  get current(): SiteState {
    return this.state;
  }

  /**
   * What keys the HTML caches (decision 0059): the revision, and how many
   * publish moments (of posts, offers and news items) have passed. An item
   * goes public at its moment with no write, so the revision does not move;
   * this does, and the pages kept before it (a list without the item, its
   * 404) are made again.
   */
  pageRevision(now = Date.now()): string {
    return `${this.state.revision}:${passedMoments(this.state.moments, now)}`;
  }

  /** Reads the revision (one query) and, when it moved, loads the site again. Answers once `current` is at least as new as the database was when asked. */
  async refresh(): Promise<void> {
    const ticket = ++this.begun;
    const revision = await readSiteRevision(this.db);
    if (revision === this.state.revision) return;
    const next = await loadState(this.db, revision, this.state.content, this.onError);
    if (ticket > this.shown) {
      this.shown = ticket;
      this.state = next;
      this.onChange(next);
    }
  }

  /** Refreshes after a change this instance made; requests meanwhile wait for it (`settled`), at most SETTLE_LIMIT_MS (a database that stopped answering must not hold every visitor). */
  afterChange(): void {
    const limit = new Promise<void>((resolve) => setTimeout(resolve, SETTLE_LIMIT_MS).unref());
    const done = Promise.race([this.refresh().catch(this.onError), limit]);
    const settling = (this.settling = Promise.all([this.settling, done]).then(() => {
      if (this.settling === settling) this.settling = undefined;
    }));
  }

  /** Settles once every refresh asked for by `afterChange` has ended; undefined when none is running (most requests: nothing to wait for). */
  get settled(): Promise<void> | undefined {
    return this.settling;
  }

  /** Reads the revision every `everyMs`, one read at a time. */
  start(everyMs = SNAPSHOT_POLL_MS): void {
    const tick = () => {
      this.timer = setTimeout(() => {
        this.polling = this.refresh()
          .catch(this.onError)
          .finally(() => {
            this.polling = undefined;
            if (this.timer) tick();
          });
      }, everyMs);
      this.timer.unref();
    };
    tick();
  }

  /** Stops reading; settles once a read under way has ended (before the database closes). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all([this.polling, this.settling]);
  }
}
