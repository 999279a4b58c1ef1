import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
	AssistantAbortError,
	AssistantError,
	createStructuredCompletion,
	isModelConfigured,
	type ModelUsage,
} from '#app/integrations/openai/openai-client.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import {
	pointModelAt,
	startFakeOpenAI,
	type FakeOpenAI,
	type FakeOpenAIRequest,
	unsetModel,
} from '#tests/fakes/openai-server.ts'

// The real openai SDK against a local OpenAI-compatible server: parsing, retries, timeouts,
// per-organization concurrency, cancellation and usage.

const AnswerSchema = z.object({ greeting: z.string(), count: z.number().int() })

let fake: FakeOpenAI

beforeAll(async () => {
	fake = await startFakeOpenAI()
})
afterAll(async () => {
	await fake.close()
	unsetModel()
})
beforeEach(() => {
	fake.reset()
	fake.setHandler(() => ({ greeting: 'Hello', count: 3 }))
	setEnv({ OPENAI_TIMEOUT_MS: '5000', OPENAI_CONCURRENCY: '4' })
})

function setEnv(values: Record<string, string>) {
	pointModelAt(fake, values)
}

function complete(
	options: {
		organizationId?: string
		signal?: AbortSignal
		onUsage?: (usage: ModelUsage) => void
		user?: string
	} = {},
) {
	return createStructuredCompletion({
		schema: AnswerSchema,
		schemaName: 'answer',
		system: 'You greet.',
		user: options.user ?? 'Say hello',
		organizationId: options.organizationId ?? 'org-1',
		signal: options.signal,
		onUsage: options.onUsage,
	})
}

/** The most requests of one kind the fake held at the same moment. */
function maxOverlap(requests: FakeOpenAIRequest[]) {
	return Math.max(
		0,
		...requests.map(
			(request) =>
				requests.filter(
					(other) =>
						other.startedAt <= request.startedAt && (other.finishedAt ?? Infinity) > request.startedAt,
				).length,
		),
	)
}

test('is configured only with a key', () => {
	expect(isModelConfigured()).toBe(true)
	delete process.env.OPENAI_API_KEY
	resetEnvCache()
	expect(isModelConfigured()).toBe(false)
})

test('parses a good answer with structured output and reports usage', async () => {
	const usage: ModelUsage[] = []
	await expect(complete({ onUsage: (entry) => usage.push(entry) })).resolves.toEqual({
		greeting: 'Hello',
		count: 3,
	})
	const [request] = fake.requests()
	expect(request?.body.messages).toEqual([
		{ role: 'system', content: 'You greet.' },
		{ role: 'user', content: 'Say hello' },
	])
	expect(request?.body.response_format).toMatchObject({
		type: 'json_schema',
		json_schema: { name: 'answer', strict: true },
	})
	expect(usage).toEqual([{ promptTokens: 100, completionTokens: 50, model: 'gpt-4o-mini' }])
})

describe('retries', () => {
	test('malformed output, then a good answer', async () => {
		fake.queue('malformed')
		await expect(complete()).resolves.toEqual({ greeting: 'Hello', count: 3 })
		expect(fake.requests()).toHaveLength(2)
	})

	test('valid JSON that breaks the schema counts as malformed', async () => {
		fake.setHandler(() => ({ greeting: 'Hello', count: 'three' }))
		const error = await complete().catch((error: unknown) => error)
		expect(error).toBeInstanceOf(AssistantError)
		expect((error as AssistantError).message).toBe('The model returned malformed output')
		expect(fake.requests()).toHaveLength(3)
	})

	test('always malformed fails after three attempts', async () => {
		fake.queue('malformed', 'malformed', 'malformed')
		await expect(complete()).rejects.toMatchObject({
			name: 'AssistantError',
			reason: 'malformed',
			message: expect.stringMatching(/malformed/),
		})
		expect(fake.requests()).toHaveLength(3)
	})

	test('429 with Retry-After, then a good answer', async () => {
		fake.queue('429', '429')
		await expect(complete()).resolves.toEqual({ greeting: 'Hello', count: 3 })
		expect(fake.requests().map((request) => request.mode)).toEqual(['429', '429', 'good'])
	})

	test('always 429 says the model is rate limited', async () => {
		fake.queue('429', '429', '429')
		await expect(complete()).rejects.toMatchObject({
			reason: 'rate_limited',
			message: 'The model is rate limited',
		})
	})

	test('500 then a good answer', async () => {
		fake.queue('500')
		await expect(complete()).resolves.toEqual({ greeting: 'Hello', count: 3 })
	})

	test('a model that never answers times out', async () => {
		setEnv({ OPENAI_TIMEOUT_MS: '150' })
		fake.queue('timeout', 'timeout', 'timeout')
		await expect(complete()).rejects.toMatchObject({ reason: 'timeout', message: 'The model timed out' })
		expect(fake.requests()).toHaveLength(3)
	})
})

test('holds the per-organization concurrency limit without blocking other organizations', async () => {
	setEnv({ OPENAI_CONCURRENCY: '2' })
	fake.setDelayMs(150)
	const results = await Promise.all([
		...Array.from({ length: 6 }, () => complete({ organizationId: 'org-busy', user: 'busy' })),
		complete({ organizationId: 'org-other', user: 'other' }),
	])
	expect(results).toHaveLength(7)
	const busy = fake.requests().filter((request) => request.body.messages[1]?.content === 'busy')
	const other = fake.requests().find((request) => request.body.messages[1]?.content === 'other')
	expect(busy).toHaveLength(6)
	expect(maxOverlap(busy)).toBe(2)
	// The other organization went out at once, beside the first two of the busy one: before the
	// busy one's third, which waits for a slot (an order, not a time: the machine may be loaded).
	const busyStarts = busy.map((request) => request.startedAt).sort((a, b) => a - b)
	expect(other!.startedAt).toBeLessThan(busyStarts[2]!)
})

test('aborting stops waiting and throws an abort error', async () => {
	fake.queue('timeout')
	const controller = new AbortController()
	setTimeout(() => controller.abort(), 100)
	const error = await complete({ signal: controller.signal }).catch((error: unknown) => error)
	expect(error).toBeInstanceOf(AssistantAbortError)
	expect((error as Error).name).toBe('AbortError')
	expect(fake.requests()).toHaveLength(1)
})

test('aborting while waiting for a slot leaves the slot to others', async () => {
	setEnv({ OPENAI_CONCURRENCY: '1' })
	fake.setDelayMs(100)
	const controller = new AbortController()
	const first = complete({ organizationId: 'org-one' })
	const cancelled = complete({ organizationId: 'org-one', signal: controller.signal })
	controller.abort()
	await expect(cancelled).rejects.toBeInstanceOf(AssistantAbortError)
	await expect(first).resolves.toEqual({ greeting: 'Hello', count: 3 })
	await expect(complete({ organizationId: 'org-one' })).resolves.toEqual({ greeting: 'Hello', count: 3 })
	expect(fake.requests()).toHaveLength(2)
})
