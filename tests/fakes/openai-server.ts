import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { resetEnvCache } from '#app/utils/env.server.ts'

/**
 * A small, real OpenAI-compatible chat completions server for the `openai` SDK to talk to in tests
 * (OPENAI_BASE_URL = url). Each request takes the next queued mode, or 'good' when the queue is
 * empty; 'good' answers with whatever the handler returns for the request's messages.
 */

export type FakeOpenAIMode = 'good' | 'malformed' | 'timeout' | '429' | '500'

export type FakeChatMessage = { role: string; content: string }

export type FakeOpenAIRequest = {
	body: { model: string; messages: FakeChatMessage[]; response_format?: unknown }
	mode: FakeOpenAIMode
	startedAt: number
	finishedAt?: number
}

/** Returns the structured answer (serialized to JSON) or a raw string used as the content. */
export type FakeOpenAIHandler = (messages: FakeChatMessage[]) => unknown

export async function startFakeOpenAI() {
	const queued: FakeOpenAIMode[] = []
	const received: FakeOpenAIRequest[] = []
	let handler: FakeOpenAIHandler = () => ({})
	let delayMs = 0

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } })
		})
	})

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const path = new URL(req.url ?? '/', 'http://fake').pathname
		if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(path)) {
			return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}` } })
		}
		const body = JSON.parse(await readBody(req)) as FakeOpenAIRequest['body']
		const record: FakeOpenAIRequest = { body, mode: queued.shift() ?? 'good', startedAt: Date.now() }
		received.push(record)
		res.on('close', () => (record.finishedAt ??= Date.now()))

		// Never answers: the client's timeout (or abort) ends it; close() destroys the socket.
		if (record.mode === 'timeout') return
		if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
		if (record.mode === '429') {
			return sendJson(
				res,
				429,
				{ error: { message: 'Rate limit reached', type: 'requests' } },
				{ 'retry-after': '0' },
			)
		}
		if (record.mode === '500') return sendJson(res, 500, { error: { message: 'The server had an error' } })
		const answer = record.mode === 'malformed' ? '{"emailSteps": [{"subject": 1' : handler(body.messages)
		const content = typeof answer === 'string' ? answer : JSON.stringify(answer)
		sendJson(res, 200, {
			id: `chatcmpl-${received.length}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: body.model,
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content, refusal: null },
					finish_reason: 'stop',
					logprobs: null,
				},
			],
			usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
		})
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo

	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests: () => received,
		/** The modes of the next requests, in order. */
		queue: (...modes: FakeOpenAIMode[]) => void queued.push(...modes),
		setHandler: (fn: FakeOpenAIHandler) => void (handler = fn),
		setDelayMs: (ms: number) => void (delayMs = ms),
		reset() {
			queued.length = 0
			received.length = 0
			delayMs = 0
			handler = () => ({})
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>

function readBody(req: IncomingMessage) {
	return new Promise<string>((resolve, reject) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
		req.on('error', reject)
	})
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
	res.writeHead(status, { 'content-type': 'application/json', ...headers })
	res.end(JSON.stringify(body))
}

/**
 * Points the app's OpenAI client at a fake: a key, its URL and any other settings (a timeout, a
 * model name), with the environment cache reset so the next call reads them.
 */
export function pointModelAt(fake: { url: string }, settings: Record<string, string> = {}) {
	Object.assign(process.env, { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url, ...settings })
	resetEnvCache()
}

/** Back to no model (the offline paths): the key, the URL and the named settings removed. */
export function unsetModel(settings: string[] = []) {
	for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', ...settings]) delete process.env[name]
	resetEnvCache()
}
