import { isRouteErrorResponse } from '@remix-run/react'

// What Remix hands to `handleError` (entry.server) when a client asks for a path no route serves
// (404) or with a method its route has no loader or action for (405): the client's mistake,
// answered with that status. Logged, each carried a stack trace — thousands under a fuzz or a
// scanner (issue 12) — drowning the errors that are ours.

const ROUTER_REFUSAL = /^(No route matches URL |You made an? [A-Z]+ request to ".*" but did not provide an? `(loader|action)`)/

/** The error Remix means: an ErrorResponse's inner error, or the value itself. */
export function innerRemixError(error: unknown) {
	return isRouteErrorResponse(error) && (error as { error?: unknown }).error !== undefined
		? (error as { error?: unknown }).error
		: error
}

/** A 404 or 405 of Remix's router for a request no route can serve as asked. */
export function isClientRoutingError(error: unknown) {
	if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 405)) {
		const inner = innerRemixError(error)
		return !(inner instanceof Error) || ROUTER_REFUSAL.test(inner.message)
	}
	return error instanceof Error && ROUTER_REFUSAL.test(error.message)
}
