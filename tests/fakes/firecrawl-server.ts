import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'

/**
 * A small Firecrawl-compatible API (`POST /v1/scrape`, Bearer key) for the fetcher's fallback
 * (FIRECRAWL_API_URL = url). Answers `{ success, data: { markdown, metadata } }` with the markdown
 * the test set for a URL, or the site status it set; records every request.
 */
export type FakeFirecrawlRequest = { url: string; formats: string[]; authorization?: string }

export async function startFakeFirecrawl({ apiKey = 'fc-test-key' } = {}) {
	const pages = new Map<string, { markdown: string; statusCode?: number }>()
	const received: FakeFirecrawlRequest[] = []

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) =>
			sendJson(res, 500, { success: false, error: String(error) }),
		)
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		if (req.method !== 'POST' || req.url !== '/v1/scrape')
			return sendJson(res, 404, { success: false, error: 'Not found' })
		const body = JSON.parse(await readBody(req)) as { url: string; formats: string[] }
		received.push({ url: body.url, formats: body.formats, authorization: req.headers.authorization })
		if (req.headers.authorization !== `Bearer ${apiKey}`) {
			return sendJson(res, 401, { success: false, error: 'Unauthorized: Invalid token' })
		}
		const page = pages.get(body.url)
		if (!page) return sendJson(res, 500, { success: false, error: 'Failed to scrape URL' })
		sendJson(res, 200, {
			success: true,
			data: {
				markdown: page.markdown,
				metadata: {
					title: 'Rendered page',
					description: 'Rendered by the fallback',
					sourceURL: body.url,
					statusCode: page.statusCode ?? 200,
				},
			},
		})
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		apiKey,
		received,
		/** What the fallback "renders" for a URL. */
		setPage(url: string, markdown: string, statusCode?: number) {
			pages.set(url, { markdown, statusCode })
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

async function readBody(req: IncomingMessage) {
	const chunks: Buffer[] = []
	for await (const chunk of req) chunks.push(chunk as Buffer)
	return Buffer.concat(chunks).toString('utf8')
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
	res.writeHead(status, { 'content-type': 'application/json' })
	res.end(JSON.stringify(body))
}
