import { describe, expect, it } from "vitest";
import { freshRead } from "./fresh-read.server";

/** A stand-in database value and a read of it that the test finishes by hand, as a slow round trip would. */
function slowStore() {
  let value = 0;
  const reads: { finish: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const seen = value;
      reads.push({ finish: () => (seen < 0 ? reject(new Error("broken")) : resolve(seen)) });
    });
  return {
    reads,
    read,
    set: (next: number) => (value = next),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("a read shared by the callers asking at once", () => {
  it("reads at once when no read is running", async () => {
    const store = slowStore();
    const get = freshRead(store.read);
    const first = get();
    expect(store.reads).toHaveLength(1);
    store.reads[0]!.finish();
    expect(await first).toBe(0);
  });

  it("never answers a caller with a read that began before it asked", async () => {
    const store = slowStore();
    const get = freshRead(store.read);
    const early = get();
    // A change commits while the first read is on the wire; then three requests ask.
    store.set(1);
    const late = [get(), get(), get()];
    expect(store.reads).toHaveLength(1);
    store.reads[0]!.finish();
    expect(await early).toBe(0);
    await flush();
    // One read for all three, started after the first ended: it sees the change.
    expect(store.reads).toHaveLength(2);
    store.reads[1]!.finish();
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
  });

  it("starts the next read even when the running one fails, and passes each failure only to its own callers", async () => {
    const store = slowStore();
    const get = freshRead(store.read);
    store.set(-1);
    const failing = get();
    store.set(2);
    const after = get();
    store.reads[0]!.finish();
    await expect(failing).rejects.toThrow("broken");
    await flush();
    store.reads[1]!.finish();
    expect(await after).toBe(2);
  });

  it("reads again for a caller that comes after the last read ended", async () => {
    const store = slowStore();
    const get = freshRead(store.read);
    const first = get();
    store.reads[0]!.finish();
    await first;
    store.set(3);
    const second = get();
    expect(store.reads).toHaveLength(2);
    store.reads[1]!.finish();
    expect(await second).toBe(3);
  });
});
