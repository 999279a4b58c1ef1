import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'

/**
 * A local web site for the safe fetcher's tests: routes are set per test; every request is
 * recorded (path and User-Agent). Serves /robots.txt only when a route for it is set (else 404).
 */
export type SiteRoute = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

/** `port` 0 (the default) takes a free one; the e2e server gives fixed ones its specs can name. */
export async function startFakeWebSite({ port: wantedPort = 0 }: { port?: number } = {}) {
	const routes = new Map<string, SiteRoute>()
	const received: Array<{ path: string; userAgent?: string }> = []
	const server = createServer((req, res) => {
		const path = req.url ?? '/'
		received.push({ path, userAgent: req.headers['user-agent'] })
		const route = routes.get(path.split('?')[0]!)
		if (!route) {
			res.writeHead(404, { 'content-type': 'text/plain' })
			return res.end('Not found')
		}
		void Promise.resolve(route(req, res)).catch(() => res.destroy())
	})
	// A taken port rejects (the caller may carry on without this site) rather than crash the process.
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(wantedPort, '127.0.0.1', () => {
			server.off('error', reject)
			resolve()
		})
	})
	const { port } = server.address() as AddressInfo
	return {
		port,
		origin: `http://127.0.0.1:${port}`,
		received,
		route(path: string, handler: SiteRoute) {
			routes.set(path, handler)
		},
		html(path: string, body: string, headers: Record<string, string> = {}) {
			routes.set(path, (_req, res) => {
				res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers })
				res.end(body)
			})
		},
		status(path: string, status: number, headers: Record<string, string> = {}) {
			routes.set(path, (_req, res) => {
				res.writeHead(status, headers)
				res.end()
			})
		},
		reset() {
			routes.clear()
			received.length = 0
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
