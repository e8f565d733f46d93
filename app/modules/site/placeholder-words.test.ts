import { describe, expect, test } from "vitest";
import { listInWords, placeholderWords, toPlainWords, toTokens } from "./placeholder-words";

const email = placeholderWords(["first_name", "salon", "role", "when", "place"]);
const site = placeholderWords(["name", "town", "month", "newStarterFrom", "apprenticeDiplomas", "constructor"]);

describe("placeholderWords", () => {
  test.each([
    ["first_name", "first name"],
    ["salon", "salon"],
    ["when", "when"],
    ["name", "salon name"],
    ["month", "this month"],
    ["newStarterFrom", "new starter from"],
    ["apprenticeDiplomas", "apprentice diplomas"],
    ["constructor", "constructor"],
  ])("%s is said as %s", (token, word) => {
    expect([...email, ...site].find((w) => w.token === token)?.word).toBe(word);
  });

  test("two tokens never share a word, and a token listed twice shows once", () => {
    expect(placeholderWords(["firstName", "first_name", "firstName"])).toEqual([
      { token: "firstName", word: "first name" },
      { token: "first_name", word: "first_name" },
    ]);
  });
});

describe("two ways", () => {
  test.each([
    ["Hi {{first_name}},", "Hi [first name],", email],
    ["An interview at {{salon}}: {{ when }}, {{place}}", "An interview at [salon]: [when], [place]", email],
    ["Colour from {{newStarterFrom}} this {{month}}", "Colour from [new starter from] this [this month]", site],
    ["Hair school in {{town}} ({{unknown}})", "Hair school in [town] ({{unknown}})", site],
    ["No placeholders [sic] at all", "No placeholders [sic] at all", site],
  ])("%j is shown as %j and saved back", (stored, shown, words) => {
    expect(toPlainWords(stored, words)).toBe(shown);
    expect(toTokens(shown, words)).toBe(stored.replace("{{ when }}", "{{when}}"));
  });

  test.each([
    ["Hi [First  Name],", "Hi {{first_name}},"],
    ["Hi [ salon ]", "Hi {{salon}}"],
    ["Hi [town]", "Hi [town]"],
    ["Tokens typed as before: {{first_name}}", "Tokens typed as before: {{first_name}}"],
    ["[first\nname]", "[first\nname]"],
  ])("typed %j is saved as %j", (typed, saved) => {
    expect(toTokens(typed, email)).toBe(saved);
  });

  test("a list in words", () => {
    expect(listInWords(email.slice(0, 3))).toBe("[first name], [salon] and [role]");
    expect(listInWords(email.slice(0, 1))).toBe("[first name]");
    expect(listInWords([])).toBe("");
  });
});
