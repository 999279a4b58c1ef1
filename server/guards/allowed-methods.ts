import type { ServerBuild } from '@remix-run/node'

// The `Allow` header of a 405: which methods the route module at a path answers (a loader: GET
// and HEAD; an action: the mutations), found by matching the path against the build's routes.

type Route = ServerBuild['routes'][string]

function fullPath(routes: ServerBuild['routes'], route: Route): string {
	const parent = route.parentId ? routes[route.parentId] : undefined
	const own = route.path ?? ''
	return parent ? [fullPath(routes, parent), own].filter(Boolean).join('/') : own
}

/**
 * How well `pattern` (a Remix path) matches `segments`: null when it does not, else its static
 * segment count, less half a point for a splat, so `/` is the index route and not the catch-all.
 */
function score(pattern: string, segments: string[]): number | null {
	const parts = pattern.split('/').filter(Boolean)
	let statics = 0
	let index = 0
	for (const part of parts) {
		if (part === '*') return statics - 0.5
		const segment = segments[index]
		if (part.startsWith(':')) {
			if (segment === undefined) {
				if (part.endsWith('?')) continue
				return null
			}
			index++
			continue
		}
		if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) return null
		statics++
		index++
	}
	return index === segments.length ? statics : null
}

// Each build's routes with their full paths, worked out once.
const patternsOf = new WeakMap<ServerBuild, Array<{ route: Route; pattern: string }>>()

function patterns(build: ServerBuild) {
	let list = patternsOf.get(build)
	if (!list) {
		list = Object.values(build.routes)
			.filter((route): route is Route => Boolean(route) && route!.id !== 'root')
			.map((route) => ({ route, pattern: fullPath(build.routes, route) }))
		patternsOf.set(build, list)
	}
	return list
}

/** The route a path reaches (the most specific match), with its full pattern. */
function matchRoute(build: ServerBuild, pathname: string) {
	const segments = pathname.split('/').filter(Boolean)
	let best: { route: Route; pattern: string; statics: number } | null = null
	for (const { route, pattern } of patterns(build)) {
		const statics = score(pattern, segments)
		if (statics !== null && (!best || statics > best.statics)) best = { route, pattern, statics }
	}
	return best
}

/** The request log's route: `/api/v1/contacts/:id` for `/api/v1/contacts/c123`; null when none matches. */
export function routePattern(build: ServerBuild, pathname: string): string | null {
	// Remix's own endpoint: the browser asks it for the routes of links it may follow.
	if (pathname === '/__manifest') return pathname
	const match = matchRoute(build, pathname)
	return match ? `/${match.pattern}` : null
}

export function allowedMethods(build: ServerBuild, pathname: string): string[] {
	const best = matchRoute(build, pathname)
	if (!best) return []
	const module = best.route.module
	return [
		...(module.loader ? ['GET', 'HEAD'] : []),
		...(module.action ? ['POST', 'PUT', 'PATCH', 'DELETE'] : []),
	]
}
