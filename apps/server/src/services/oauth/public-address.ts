import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIPv4 } from 'node:net';

/**
 * Addresses that are not somewhere on the internet: this machine, the local networks, link-local,
 * shared and reserved ranges, multicast. A download the server makes for a user (a provider's
 * picture) must not reach them, whatever name it was given.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address (v4, or v6 including a v4-mapped one) is a public internet address. */
export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped !== undefined) return isPublicAddress(mapped);
  return !NOT_PUBLIC.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/** The error a refused name fails with; the download reports it as final, not to be retried. */
export const NOT_PUBLIC_CODE = 'ENOTPUBLIC';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
export type Lookup = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const defaultLookup: Lookup = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for outgoing connections that resolves as usual and fails when any address of the
 * name is not public. The connection then goes to an address that was checked, so a name cannot
 * pass the check and be resolved again to another address (DNS rebinding).
 */
export function publicOnlyLookup(lookup: Lookup = defaultLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to an address that is not public`);
        refused.code = NOT_PUBLIC_CODE;
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
