import { describe, expect, it } from "vitest";
import { isBreachedPin, newPinProblem } from "./breached-pins.server";
import { pinMessages, pinProblem } from "./pin-rules";

describe("ASVS 6.2.12: a new PIN is checked against breached passwords", () => {
  it.each([
    ["8675309", true],
    ["4815162342", true],
    ["315475", true],
    ["736158", false],
    ["572914", false],
  ])("%s in the breached list: %s", (pin, breached) => {
    expect(isBreachedPin(pin)).toBe(breached);
  });

  it("refuses a breached PIN that the shape rules let through, with its own reason", () => {
    expect(pinProblem("8675309")).toBeNull();
    expect(newPinProblem("8675309")).toBe(pinMessages.breached);
  });

  it("gives the shape rule's reason first, and passes a PIN found in neither", () => {
    expect(newPinProblem("123456")).toBe(pinMessages.run);
    expect(newPinProblem("736158")).toBeNull();
  });
});
