import { describe, expect, it } from "vitest";
import { makeZodJitless } from "./zod-jitless";

describe("makeZodJitless", () => {
  it("sets the config zod reads, so no schema probes for eval", async () => {
    makeZodJitless();
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // And parsing still works without the compiled path.
    expect(z.object({ name: z.string() }).parse({ name: "Sam" })).toEqual({ name: "Sam" });
  });
});
