import { isIP } from 'node:net'
import { classifyAddress, isRefusedHostname } from './address-policy.ts'
import { WebFetchError } from './web-fetch-error.ts'

/** Ports a site may be fetched on, whatever the scheme. */
export const ALLOWED_PORTS = new Set([80, 443, 8080, 8443])

/**
 * Exceptions for tests and offline development (WEB_FETCH_ALLOW_HOSTS): `host:port` entries whose
 * host is an address or a name. A connection to an entry's address, or through an entry's name,
 * is allowed on that port whatever the address class. Empty in production.
 */
export type AllowList = ReadonlySet<string>

export function parseAllowList(value: string | undefined): AllowList {
	const entries = (value ?? '')
		.split(',')
		.map((entry) => entry.trim().toLowerCase())
		.filter(Boolean)
		.map((entry) => {
			const url = safeUrl(`http://${entry}`)
			if (!url || !url.port) throw new Error(`WEB_FETCH_ALLOW_HOSTS: "${entry}" is not host:port`)
			return allowKey(url.hostname, Number(url.port))
		})
	return new Set(entries)
}

export function allowKey(host: string, port: number) {
	return `${stripBrackets(host).toLowerCase()}:${port}`
}

export function isAllowListed(allowList: AllowList, host: string, port: number) {
	return allowList.has(allowKey(host, port))
}

export function stripBrackets(host: string) {
	return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

export function effectivePort(url: URL) {
	return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
}

/**
 * The checks a URL passes before any connection: http(s), no credentials, an allowed port, not a
 * metadata name, and — when the host is an address literal — an allowed address. Names are checked
 * again where it counts, at connect time, against the address actually connected to.
 */
export function checkTargetUrl(input: string | URL, allowList: AllowList): URL {
	const url = typeof input === 'string' ? safeUrl(input) : input
	if (!url) throw new WebFetchError('invalid_url', 'Not a URL')
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new WebFetchError('invalid_url', `Only http and https URLs can be fetched, not ${url.protocol}`)
	}
	if (url.username || url.password)
		throw new WebFetchError('invalid_url', 'URLs with credentials are refused')
	const host = stripBrackets(url.hostname)
	if (!host) throw new WebFetchError('invalid_url', 'The URL has no host')
	const port = effectivePort(url)
	if (isAllowListed(allowList, host, port)) return url
	if (!ALLOWED_PORTS.has(port) && !allowListHasPort(allowList, port)) {
		throw new WebFetchError('blocked_port', `Port ${port} is refused (only 80, 443, 8080 and 8443)`)
	}
	if (isRefusedHostname(host)) throw new WebFetchError('blocked_address', `${host} is refused`)
	if (isIP(host)) {
		const kind = classifyAddress(host)
		if (kind !== 'public' && !isAllowListed(allowList, host, port)) {
			throw new WebFetchError('blocked_address', `${host} is a ${kind} address`)
		}
	}
	return url
}

/** An allow-listed address may sit behind a name on its port; the connect-time check decides. */
function allowListHasPort(allowList: AllowList, port: number) {
	for (const entry of allowList) if (entry.endsWith(`:${port}`)) return true
	return false
}

function safeUrl(value: string) {
	try {
		return new URL(value)
	} catch {
		return null
	}
}
