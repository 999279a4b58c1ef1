import { createServer, type IncomingHttpHeaders } from 'node:http'
import { type AddressInfo } from 'node:net'

/**
 * A local webhook receiver (the outside world for webhooks): records every request with its raw
 * body and headers, and answers each with the next scripted status (200 once the script is used
 * up). Tests, the e2e spec and the benchmark point endpoints at it through WEB_FETCH_ALLOW_HOSTS.
 */
export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string }

export async function startWebhookReceiver({ port = 0 }: { port?: number } = {}) {
	const received: ReceivedWebhook[] = []
	const script: number[] = []
	const waiters: Array<{ count: number; resolve: () => void }> = []
	const server = createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			received.push({
				path: request.url ?? '/',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			})
			const status = script.shift() ?? 200
			response.writeHead(status, { 'content-type': 'text/plain' })
			response.end(status < 300 ? 'ok' : `failure ${status}`)
			for (const waiter of [...waiters]) {
				if (received.length >= waiter.count) {
					waiters.splice(waiters.indexOf(waiter), 1)
					waiter.resolve()
				}
			}
		})
	})
	server.keepAliveTimeout = 10_000
	// Connections opened by senders: a sender that keeps its connections alive opens few.
	let connections = 0
	server.on('connection', () => connections++)
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const { port: bound } = server.address() as AddressInfo
	return {
		port: bound,
		origin: `http://127.0.0.1:${bound}`,
		received,
		get connections() {
			return connections
		},
		/** The next requests are answered with these statuses, in order. */
		answer(...statuses: number[]) {
			script.push(...statuses)
		},
		/** Resolves once `count` requests have arrived in all. */
		waitFor(count: number) {
			if (received.length >= count) return Promise.resolve()
			return new Promise<void>((resolve) => waiters.push({ count, resolve }))
		},
		reset() {
			received.length = 0
			script.length = 0
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}
