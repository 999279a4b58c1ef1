import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { buildConnector } from 'undici'
import { classifyAddress, isRefusedHostname } from './address-policy.ts'
import { ALLOWED_PORTS, type AllowList, isAllowListed } from './url-policy.ts'
import { WebFetchError } from './web-fetch-error.ts'

/** Resolves a name to every address it has (dns.lookup, so /etc/hosts counts as it does for the system). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true })

/**
 * undici's connector with the address check inside it. The name is resolved here, every address
 * it resolves to is checked, and the socket is opened to the checked address itself (an IP literal,
 * so nothing resolves the name a second time). A DNS answer that changes between a check and the
 * connection (rebinding) therefore changes nothing: there is no gap between the two. Each new
 * connection — each redirect hop to a new origin, each reconnect — goes through here again.
 */
export function createGuardedConnector({
	allowList,
	resolve,
	connectTimeoutMs,
}: {
	allowList: AllowList
	resolve: Resolver
	connectTimeoutMs: number
}): buildConnector.connector {
	const connectTo = buildConnector({ timeout: connectTimeoutMs })

	return function connect(options, callback) {
		const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
		checkedAddresses(options.hostname, port, allowList, resolve).then(
			(addresses) => connectInTurn(addresses, 0),
			(error: unknown) => callback(toError(error), null),
		)

		// Tries each checked address in turn (IPv4 first), as a resolver-driven connect would.
		function connectInTurn(addresses: string[], index: number) {
			const address = addresses[index]!
			connectTo(
				{
					...options,
					hostname: address,
					// TLS still names the site: SNI and the certificate check use the name, not the address.
					servername: options.servername || (isIP(options.hostname) ? undefined : options.hostname),
				},
				(...args) => {
					const [error] = args
					if (error && index + 1 < addresses.length && !options.httpSocket) {
						return connectInTurn(addresses, index + 1)
					}
					callback(...args)
				},
			)
		}
	}
}

async function checkedAddresses(
	hostname: string,
	port: number,
	allowList: AllowList,
	resolve: Resolver,
): Promise<string[]> {
	const nameAllowed = isAllowListed(allowList, hostname, port)
	if (!nameAllowed && isRefusedHostname(hostname)) {
		throw new WebFetchError('blocked_address', `${hostname} is refused`)
	}
	let addresses: string[]
	if (isIP(hostname)) {
		addresses = [hostname]
	} else {
		try {
			const answers = await resolve(hostname)
			addresses = answers.sort((a, b) => a.family - b.family).map((answer) => answer.address)
		} catch (error) {
			throw new WebFetchError('dns_failed', `${hostname} could not be resolved`, { cause: error })
		}
		if (!addresses.length) throw new WebFetchError('dns_failed', `${hostname} has no address`)
	}
	if (nameAllowed) return addresses
	// Every answer must pass, not just one: a mixed answer is how rebinding attacks hedge their bets.
	for (const address of addresses) {
		if (isAllowListed(allowList, address, port)) continue
		const kind = classifyAddress(address)
		if (kind !== 'public') {
			throw new WebFetchError('blocked_address', `${hostname} resolves to a ${kind} address (${address})`)
		}
		if (!ALLOWED_PORTS.has(port)) {
			throw new WebFetchError('blocked_port', `Port ${port} is refused (only 80, 443, 8080 and 8443)`)
		}
	}
	return addresses
}

function toError(error: unknown) {
	return error instanceof Error ? error : new Error(String(error))
}
