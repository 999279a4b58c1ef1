import ipaddr from 'ipaddr.js'

/**
 * Which IP addresses the fetcher may connect to. An allow-list, not a block-list: IPv4 must be
 * plain unicast and IPv6 must be global unicast (2000::/3), so a range nobody thought of is
 * refused rather than reached. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are
 * judged by the IPv4 address inside them.
 */

export type AddressClass =
	| 'public'
	| 'invalid'
	| 'metadata'
	| 'loopback'
	| 'private'
	| 'linkLocal'
	| 'carrierGradeNat'
	| 'multicast'
	| 'unspecified'
	| 'broadcast'
	| 'reserved'
	| 'uniqueLocal'
	| 'tunnel'

/** Cloud instance-metadata services, named even where their range is refused anyway. */
const METADATA_ADDRESSES = new Set([
	'169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
	'169.254.170.2', // AWS ECS task metadata
	'100.100.100.200', // Alibaba Cloud
	'192.0.0.192', // Oracle Cloud (classic)
	'fd00:ec2::254', // AWS over IPv6
])

/** Host names of metadata services; they resolve to refused addresses, but are refused by name first. */
const METADATA_HOSTNAMES = new Set([
	'metadata.google.internal',
	'metadata.goog',
	'metadata',
	'instance-data',
	'instance-data.ec2.internal',
	'metadata.azure.internal',
])

const IPV4_CLASSES: Partial<Record<string, AddressClass>> = {
	unicast: 'public',
	unspecified: 'unspecified',
	broadcast: 'broadcast',
	multicast: 'multicast',
	linkLocal: 'linkLocal',
	loopback: 'loopback',
	carrierGradeNat: 'carrierGradeNat',
	private: 'private',
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

export function classifyAddress(address: string): AddressClass {
	const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address
	// Zone ids (fe80::1%eth0) only exist on link-local addresses.
	if (bare.includes('%')) return 'linkLocal'
	if (!ipaddr.isValid(bare)) return 'invalid'
	let parsed: ipaddr.IPv4 | ipaddr.IPv6
	try {
		parsed = ipaddr.parse(bare)
	} catch {
		return 'invalid'
	}
	if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(bare.toLowerCase())) {
		return 'metadata'
	}
	if (parsed.kind() === 'ipv4') {
		// Only the four-part decimal form comes from a resolver; 0x7f.1 and friends are not addresses we see.
		if (!ipaddr.IPv4.isValidFourPartDecimal(bare)) return 'invalid'
		return classifyIPv4(parsed as ipaddr.IPv4)
	}
	return classifyIPv6(parsed as ipaddr.IPv6)
}

function classifyIPv4(address: ipaddr.IPv4): AddressClass {
	if (METADATA_ADDRESSES.has(address.toString())) return 'metadata'
	return IPV4_CLASSES[address.range()] ?? 'reserved'
}

function classifyIPv6(address: ipaddr.IPv6): AddressClass {
	const embedded = embeddedIPv4(address)
	if (embedded) return classifyIPv4(embedded)
	// A string: the typings lag the ranges the library knows (deprecatedSiteLocal, segmentRouting…).
	const range: string = address.range()
	if (range === 'teredo') return 'tunnel'
	if (range === 'unicast' && address.match(GLOBAL_UNICAST_V6)) return 'public'
	if (range === 'loopback' || range === 'unspecified' || range === 'multicast' || range === 'linkLocal') {
		return range as AddressClass
	}
	if (range === 'uniqueLocal' || range === 'deprecatedSiteLocal') return 'uniqueLocal'
	return 'reserved'
}

/** The IPv4 address an IPv6 address stands for: ::ffff:a.b.c.d, ::ffff:0:a.b.c.d, 64:ff9b::a.b.c.d, 2002:AABB:CCDD::. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
	const range = address.range()
	const parts = address.parts
	if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') {
		return ipv4FromWords(parts[6]!, parts[7]!)
	}
	if (range === '6to4') return ipv4FromWords(parts[1]!, parts[2]!)
	// IPv4-compatible (::a.b.c.d, deprecated): judged as the IPv4 address, never as IPv6 unicast.
	if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
		return ipv4FromWords(parts[6]!, parts[7]!)
	}
	return null
}

function ipv4FromWords(high: number, low: number) {
	return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

export function isPublicAddress(address: string) {
	return classifyAddress(address) === 'public'
}

/**
 * Names refused before any lookup: the metadata services. (localhost is not refused by name: it
 * resolves to loopback, and the address check refuses it like any other name that does.)
 */
export function isRefusedHostname(hostname: string) {
	return METADATA_HOSTNAMES.has(hostname.toLowerCase().replace(/\.$/, ''))
}
