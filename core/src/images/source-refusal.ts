import { parseImageDataUrl } from '../image-source';
import { addressRange, isIpLiteral, isPublicAddress } from './address-policy';

/** What decides, from an image source's text alone, whether the import may fetch it. */
export interface SourcePolicy {
  maxBytes: number;
  allowHttp: boolean;
  allowPrivateNetworks: boolean;
  /** Which addresses count as public; injected by tests that stand a local server in for a public one. */
  isPublic?: (address: string) => boolean;
}

/** Why an address may not be fetched from, or null when it may. */
export function addressRefusal(address: string, policy: SourcePolicy): string | null {
  if (policy.allowPrivateNetworks || (policy.isPublic ?? isPublicAddress)(address)) return null;
  return `the address ${address} is ${addressRange(address)}, not public; refused`;
}

/**
 * Why the import refuses an image source before fetching anything: from the source's text and the
 * settings alone (a data URL over the size limit, a URL that does not parse, a scheme other than https,
 * an IP address that is not public). Undefined when only fetching can tell. The import and the dry
 * run both go by it, so a dry run warns of every image the publish would refuse this way.
 */
export function refusalBeforeFetch(source: string, policy: SourcePolicy): string | undefined {
  if (source.trim().toLowerCase().startsWith('data:')) {
    const image = parseImageDataUrl(source);
    if (!image) return 'the data URL is not a base64 image';
    if (Math.floor((image.base64.length * 3) / 4) > policy.maxBytes)
      return `the image is larger than the limit of ${policy.maxBytes} bytes`;
    return undefined;
  }
  if (!URL.canParse(source)) return 'the image URL is not valid';
  const url = new URL(source);
  const allowed = url.protocol === 'https:' || (policy.allowHttp && url.protocol === 'http:');
  if (!allowed) return `${url.protocol.replace(':', '')} URLs are refused; images must use https`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIpLiteral(host) ? (addressRefusal(host, policy) ?? undefined) : undefined;
}
