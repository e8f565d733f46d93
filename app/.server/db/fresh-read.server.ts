/**
 * One small query shared by every request that needs it at the same moment,
 * without any of them getting an answer older than itself (decision 0048).
 *
 * A caller never joins a read already under way: that read may have started
 * before a change the caller has seen committed (a studio save, then the
 * reload that should show it). It waits for the next read instead, which
 * starts as soon as the running one ends and answers every caller that came
 * in meanwhile. So at most one read runs at a time, each caller waits at most
 * two reads, and every answer is at least as new as the database was when
 * its caller asked. Under load that is one query for a batch of requests
 * rather than one each: on PostgreSQL a round trip apiece was the largest
 * cost of a content page.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let waiting: Promise<T> | null = null;
  const launch = (): Promise<T> => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (waiting) return waiting;
    if (!running) return launch();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    waiting = settled.then(() => {
      waiting = null;
      return launch();
    });
    return waiting;
  };
}
