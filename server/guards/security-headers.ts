import type express from 'express'

// Issue 12's headers, on every response (a route may replace any of them with its own value).
// The Content-Security-Policy here forbids framing, <base> and plugins; a script-src with nonces
// for Remix's scripts is the part of issue 12 still to come (decision 017).

const PERMISSIONS_POLICY = [
	'camera=()',
	'microphone=()',
	'geolocation=()',
	'payment=()',
	'usb=()',
	'browsing-topics=()',
].join(', ')

const SESSION_COOKIE = /(?:^|;\s*)__session=/

export function securityHeaders({ production }: { production: boolean }): express.RequestHandler {
	return (request, response, next) => {
		response.set('X-Content-Type-Options', 'nosniff')
		response.set('Referrer-Policy', 'strict-origin-when-cross-origin')
		response.set('X-Frame-Options', 'DENY')
		response.set('Content-Security-Policy', "frame-ancestors 'none'; base-uri 'self'; object-src 'none'")
		response.set('Permissions-Policy', PERMISSIONS_POLICY)
		// Browsers honour HSTS only over HTTPS; a production server behind TLS says it once a year.
		if (production) response.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		// A signed-in page is this user's: never kept by a shared cache or the back-forward cache's disk.
		if (SESSION_COOKIE.test(request.get('cookie') ?? '')) response.set('Cache-Control', 'private, no-store')
		next()
	}
}
