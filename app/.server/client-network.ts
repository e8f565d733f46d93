/**
 * The client as every per-client limit counts it (decision record 0050): an
 * IPv4 client by its address, an IPv6 client by its /64 network. One IPv6
 * subscriber is given a /64 (or more) and may use any of its 2^64 addresses,
 * so counting by the whole address would give one person any number of
 * clients. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, in either
 * spelling) is the IPv4 client it maps. Anything that is not an IP address
 * (no socket, or a proxy passing on words) is the one client "unknown", so
 * made-up strings cannot make up clients either. Pure.
 */
import { isIPv4, isIPv6 } from "node:net";

export const UNKNOWN_CLIENT = "unknown";

/** "192.0.2.1" → "192.0.2.1"; "2001:DB8:1:2:3:4:5:6" → "2001:db8:1:2::/64"; "::ffff:192.0.2.1" → "192.0.2.1". */
export function clientNetwork(ip: string): string {
  const address = ip.trim().replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(address)) return address;
  // A zone ("fe80::1%eth0") names the host's interface, not the client.
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return UNKNOWN_CLIENT;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (checked by the caller), with "::" and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
