/** IP → province/city (ARCHITECTURE.md "External systems"): an interface, so a provider can replace the offline database. */

export interface GeoIpLocation {
  /** As the provider names it, e.g. 广东省 / 北京; mapped to GB/T 2260 codes by the caller. */
  provinceName: string;
  cityName: string;
}

export interface GeoIpGateway {
  /** null when the address is private, foreign, malformed or unknown to the provider. */
  locate(ip: string): Promise<GeoIpLocation | null>;
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Dotted IPv4 stays as is; an IPv4-mapped IPv6 address (a dual-stack socket's view) becomes IPv4. */
export function normaliseIp(ip: string): string {
  const trimmed = ip.trim();
  return IPV4_MAPPED.exec(trimmed)?.[1] ?? trimmed;
}
