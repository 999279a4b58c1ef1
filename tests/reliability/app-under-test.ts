import type { AddressInfo } from 'node:net'
import type { ServerBuild } from '@remix-run/node'
import { startWorkerHeartbeat } from '#jobs/worker-heartbeat.ts'
import { createApp } from '#server/app.ts'
import { loadServerBuild } from '#tests/server-build.ts'

// The reliability sweeps run against the real Express app (server/app.ts, every guard in front)
// over real HTTP, and read the route list from the same Remix build, so a route added tomorrow is
// in the list without anyone editing it.

export type AppRoute = {
	/** The build's route id, e.g. `routes/api+/v1+/contacts.$id`. */
	id: string
	/** The full URL pattern, e.g. `/api/v1/contacts/:id`. */
	path: string
	/** The path parameters' names, in order. */
	params: string[]
	hasLoader: boolean
	hasAction: boolean
}

/** Loads the app's Remix build: `npm test`'s production bundle, else as the dev server does. */
export async function loadBuild() {
	return loadServerBuild()
}

function fullPath(routes: ServerBuild['routes'], id: string): string {
	const route = routes[id]!
	const parent = route.parentId ? fullPath(routes, route.parentId) : ''
	return [parent, route.path ?? ''].filter(Boolean).join('/')
}

/** Every route of the build that answers requests (a loader or an action), root and layouts aside. */
export function routeList(build: ServerBuild): AppRoute[] {
	return Object.values(build.routes)
		.filter((route) => route && route.id !== 'root')
		.map((route) => {
			const path = `/${fullPath(build.routes, route!.id)}`
			return {
				id: route!.id,
				path,
				params: path
					.split('/')
					.filter((part) => part.startsWith(':'))
					.map((part) => part.slice(1).replace(/\?$/, '')),
				hasLoader: Boolean(route!.module.loader),
				hasAction: Boolean(route!.module.action),
			}
		})
		.filter((route) => route.hasLoader || route.hasAction)
		.sort((a, b) => a.path.localeCompare(b.path))
}

/** The methods a route serves: GET for a loader; every mutation for an action (it dispatches itself). */
export function methodsOf(route: AppRoute) {
	return [...(route.hasLoader ? ['GET'] : []), ...(route.hasAction ? ['POST', 'PUT', 'PATCH', 'DELETE'] : [])]
}

export type SentRequest = {
	method: string
	path: string
	cookie?: string
	body?: string | FormData
	contentType?: string
}

export type Answer = { status: number; contentType: string; text: string; json: unknown }

/** Starts the real app on a free port; `send` answers with status, type and body (streams cut short). */
export async function startApp(build: ServerBuild) {
	const app = await createApp({ mode: 'development', build })
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	// A deployment has a worker beating; without one the healthcheck rightly answers 503.
	const heartbeat = await startWorkerHeartbeat({ jobLoops: [], intervalSeconds: 10 })

	async function send({ method, path, cookie, body, contentType }: SentRequest): Promise<Answer> {
		const headers: Record<string, string> = { Origin: origin }
		if (cookie) headers.Cookie = cookie
		if (contentType) headers['Content-Type'] = contentType
		const abort = new AbortController()
		// A live stream (SSE) never ends by itself; nothing else may take this long.
		const timer = setTimeout(() => abort.abort(), 15_000)
		try {
			const response = await fetch(`${origin}${path}`, {
				method,
				headers,
				body: method === 'GET' || method === 'HEAD' ? undefined : body,
				redirect: 'manual',
				signal: abort.signal,
			})
			const type = response.headers.get('Content-Type') ?? ''
			const text = type.includes('text/event-stream') ? await firstChunk(response) : await response.text()
			let json: unknown = null
			try {
				json = JSON.parse(text)
			} catch {
				// not JSON
			}
			return { status: response.status, contentType: type, text, json }
		} finally {
			clearTimeout(timer)
		}
	}

	async function close() {
		heartbeat.stop()
		server.closeAllConnections()
		await new Promise((resolve) => server.close(resolve))
	}
	return { send, close, origin }
}

/** The first frame(s) of an event stream, read for up to a second, then the stream is dropped. */
async function firstChunk(response: Response) {
	const reader = response.body!.getReader()
	const decoder = new TextDecoder()
	let text = ''
	const deadline = Date.now() + 1000
	try {
		while (Date.now() < deadline) {
			const next = await Promise.race([
				reader.read(),
				new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
			])
			if (!next || next.done) break
			text += decoder.decode(next.value, { stream: true })
		}
	} finally {
		await reader.cancel().catch(() => undefined)
	}
	return text
}
