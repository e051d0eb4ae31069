import ipaddr from 'ipaddr.js';

/**
 * Whether an image may be fetched from this address: only globally routable unicast addresses.
 * ipaddr.js classifies loopback, private, link-local (including the cloud metadata address
 * 169.254.169.254), unique-local, multicast, CGNAT, reserved and the IPv6 transition ranges;
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The reason an address is refused, for warnings ("loopback", "private", ...). */
export function addressRange(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).range() : 'invalid';
}

export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}
