import { describe, expect, it } from "vitest";
import { approvalVerdict, type Approver } from "./device-approval-rules";
import type { StaffRole } from "./roles";

const morgan: Approver = { id: 1, role: "manager" };
const sam = { id: 2, role: "manager" as StaffRole };
const robin = { id: 3, role: "reception" as StaffRole };
const rae: Approver = { id: 4, role: "reception" };

describe("finding: a manager can be talked into giving an outsider a manager's session", () => {
  it.each([
    // The probe's chain: the device asks for Sam, a manager; Morgan, another manager, types the code.
    ["Morgan naming Sam, whom the device asked for", "other-manager", morgan, "Sam", "sam", sam],
    ["Morgan naming Robin, whom he was told, while the device asked for Sam", "name-differs", morgan, "Robin", "sam", sam],
    ["Sam himself, his own new device", "approve", { id: sam.id, role: sam.role }, "sam", "sam", sam],
    ["reception, even naming the right account", "reception", rae, "Sam", "sam", sam],
    ["reception, for a colleague at reception", "reception", rae, "Robin", "robin", robin],
    ["Morgan for Robin at reception, named without regard to case or spaces", "approve", morgan, "  ROBIN ", "robin", robin],
    ["Morgan for Robin, naming Rae", "name-differs", morgan, "Rae", "robin", robin],
    ["a code no device shows", "no-request", morgan, "Robin", undefined, undefined],
    ["a device asking for a name no account has", "no-account", morgan, "Nobody", "nobody", undefined],
    ["a device asking for a name no account has, named otherwise", "name-differs", morgan, "Robin", "nobody", undefined],
  ] as const)("%s: %s", (_what, verdict, approver, named, askedFor, account) => {
    expect(approvalVerdict({ approver, named, askedFor, account }).kind).toBe(verdict);
  });
});
