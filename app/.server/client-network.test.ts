import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("finding: one IPv6 /64 gives any number of clients: clientNetwork counts it as one", () => {
  it.each([
    // IPv4: the address itself.
    ["192.0.2.1", "192.0.2.1"],
    ["203.0.113.255", "203.0.113.255"],
    // IPv6: the first 64 bits, in one spelling however the address was written.
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["2001:db8::1:2:3:4", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    // A dotted tail on an ordinary IPv6 address is its last 32 bits: still counted by the /64.
    ["2001:db8:1:2::192.0.2.1", "2001:db8:1:2::/64"],
    // IPv4-mapped IPv6: the IPv4 client, in either spelling.
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:198.51.100.7", "198.51.100.7"],
    ["::ffff:c000:201", "192.0.2.1"],
    ["0:0:0:0:0:ffff:cb00:71ff", "203.0.113.255"],
    // Not an address: all one client, so made-up strings make up no clients.
    ["unknown", "unknown"],
    ["", "unknown"],
    ["2001:db8::1::2", "unknown"],
    ["999.1.1.1", "unknown"],
    ["2001:db8:1:2:1d057::1", "unknown"],
    ["<script>", "unknown"],
  ])("%s is counted as %s", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it("gives every address of one /64 the same key, and addresses of the next /64 another", () => {
    const inside = Array.from({ length: 30 }, (_, i) => clientNetwork(`2001:db8:aa:bb:${((i * 7919) % 0x10000).toString(16)}::${i.toString(16)}`));
    expect(new Set(inside)).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(clientNetwork("2001:db8:aa:bc::1")).not.toBe(inside[0]);
  });
});
