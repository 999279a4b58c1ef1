import type express from 'express'

/**
 * Mutations must come from our own origin (issue 12): the `Origin` header, or where a browser
 * sent none its `Sec-Fetch-Site`, must name APP_URL's scheme, host and port exactly (without
 * APP_URL, the origin this request was addressed to). `Origin: null` (sandboxed frames, some
 * redirects) is refused. A request with neither header is not from a browser, and a browser is what
 * a forged request needs (it carries the victim's cookie), so it passes (decision 017).
 */
/** The Chrome companion's bearer-token routes. */
export const COMPANION_PATH = '/api/v1/linkedin/companion/'

export function refuseForeignOrigin({ appUrl }: { appUrl?: string } = {}): express.RequestHandler {
	const appOrigin = appUrl ? new URL(appUrl).origin : null
	return (request, response, next) => {
		if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return next()
		// RFC 8058 one-click unsubscribe: mail providers POST from their own origin; the signed
		// token in the path is the authorization.
		if (request.path.startsWith('/unsubscribe/')) return next()
		// The Chrome companion's routes (chrome-extension:// origin) authenticate with a bearer token
		// only and never read the session cookie, so a forged request gains nothing (decision 029).
		if (request.path.startsWith(COMPANION_PATH)) return next()
		const origin = request.get('origin')
		if (origin === undefined) {
			const site = request.get('sec-fetch-site')
			if (!site || site === 'same-origin' || site === 'none') return next()
			return refuse(response)
		}
		// `request.protocol` and `request.get('host')`: forwarded values only under TRUST_PROXY.
		const expected = appOrigin ?? `${request.protocol}://${request.get('host')}`
		if (originOf(origin) === expected) return next()
		refuse(response)
	}
}

function originOf(value: string) {
	try {
		const url = new URL(value)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
	} catch {
		return null
	}
}

function refuse(response: express.Response) {
	response.status(403).json({ error: 'forbidden_origin', message: 'Cross-origin requests are not allowed' })
}

/** Express's `trust proxy` from TRUST_PROXY: unset trusts no proxy (forwarded headers ignored). */
export function trustProxySetting(value: string | undefined): boolean | number | string {
	if (!value || value === 'false' || value === '0') return false
	if (value === 'true') return true
	if (/^\d+$/.test(value)) return Number(value) // that many hops
	return value // addresses or names: 'loopback', '10.0.0.0/8', …
}
