import ipaddr from 'ipaddr.js';

/**
 * The address as it is judged: IPv4-mapped (`::ffff:a.b.c.d`) and IPv4-compatible (`::a.b.c.d`,
 * deprecated but still routed to the IPv4 address by some stacks) IPv6 addresses count as the IPv4
 * address they carry. `::` and `::1` keep their IPv6 meaning (unspecified, loopback).
 */
function judgedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.process(address);
  if (parsed.kind() !== 'ipv6') return parsed;
  const ipv6 = parsed as ipaddr.IPv6;
  const parts = ipv6.parts;
  const compatible = parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1);
  if (!compatible) return ipv6;
  return ipaddr.IPv4.parse(`${parts[6] >> 8}.${parts[6] & 0xff}.${parts[7] >> 8}.${parts[7] & 0xff}`);
}

/**
 * Whether an image may be fetched from this address: only globally routable unicast addresses.
 * ipaddr.js classifies loopback, private, link-local (including the cloud metadata address
 * 169.254.169.254), unique-local, multicast, CGNAT, reserved and the IPv6 transition ranges;
 * IPv6 addresses that embed an IPv4 address are judged as that address (see judgedAddress).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return judgedAddress(address).range() === 'unicast';
}

/** The reason an address is refused, for warnings ("loopback", "private", ...). */
export function addressRange(address: string): string {
  return ipaddr.isValid(address) ? judgedAddress(address).range() : 'invalid';
}

export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}
