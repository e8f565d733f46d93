import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContentError } from "~/modules/fields/content-fields";
import { parseFile } from "./content-files.server";
import { yaml } from "./yaml-data";

describe("yaml: each text parsed once", () => {
  const text = "hours:\n  - day: Saturday\n    open: '09:00'\n";

  it("gives the same data for the same text, frozen all the way down, so no reader changes another's", () => {
    const first = yaml(text) as { hours: { day: string }[] };
    expect(yaml(`${text}`)).toBe(first);
    expect(first).toEqual({ hours: [{ day: "Saturday", open: "09:00" }] });
    expect(() => {
      first.hours[0]!.day = "Sunday";
    }).toThrow(TypeError);
    expect(() => first.hours.push({ day: "Monday" })).toThrow(TypeError);
  });

  it("gives a schema's reader an object of its own, and a changed text its own data", () => {
    const schema = z.object({ hours: z.array(z.object({ day: z.string(), open: z.string() })) });
    const files = new Map([["settings.yaml", text]]);
    const read = parseFile(files, "settings.yaml", schema, yaml);
    read.hours[0]!.day = "Sunday";
    expect(parseFile(files, "settings.yaml", schema, yaml).hours[0]!.day).toBe("Saturday");
    expect(yaml(text.replace("09:00", "10:00"))).toEqual({ hours: [{ day: "Saturday", open: "10:00" }] });
  });

  it("still names the file of a text that is not YAML, every time it is read", () => {
    const files = new Map([["levels.yaml", "levels: [unclosed"]]);
    for (let i = 0; i < 2; i++) expect(() => parseFile(files, "levels.yaml", z.unknown(), yaml)).toThrow(ContentError);
  });
});
