import { randomBytes } from 'node:crypto'
import type express from 'express'
import { contentSecurityPolicy } from './content-security-policy.ts'

// Issue 12's headers, on every response (a route may replace any of them with its own value).

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
		// A fresh nonce for each response; Remix gets it as load context (server/remix-handler.ts).
		const nonce = randomBytes(16).toString('base64')
		response.locals.cspNonce = nonce
		response.set('X-Content-Type-Options', 'nosniff')
		response.set('Referrer-Policy', 'strict-origin-when-cross-origin')
		response.set('X-Frame-Options', 'DENY')
		response.set('Content-Security-Policy', contentSecurityPolicy({ nonce, development: !production }))
		response.set('Permissions-Policy', PERMISSIONS_POLICY)
		// Browsers honour HSTS only over HTTPS; a production server behind TLS says it once a year.
		if (production) response.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		// A signed-in page is this user's: never kept by a shared cache or the back-forward cache's disk.
		if (SESSION_COOKIE.test(request.get('cookie') ?? '')) response.set('Cache-Control', 'private, no-store')
		next()
	}
}
