import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'

/**
 * A fake Apollo-style people-data provider (issue 15's optional source): `POST /v1/mixed_people/search`
 * with `x-api-key`, `q_organization_domains_list` and `person_titles`, answering `{ people, pagination }`
 * from the people added per domain. Switches: the next n answers fail with a status, every answer waits.
 */

export type FakePeopleDataPerson = {
	first_name: string
	last_name: string
	title?: string | null
	email?: string | null
	linkedin_url?: string | null
	city?: string | null
	country?: string | null
	headline?: string | null
}

export type FakePeopleDataRequest = { path: string; body: Record<string, unknown> | null; status: number }

export async function startFakePeopleData({ apiKey = 'people-data-test-key' }: { apiKey?: string } = {}) {
	const byDomain = new Map<string, FakePeopleDataPerson[]>()
	const received: FakePeopleDataRequest[] = []
	let failures = { remaining: 0, status: 500 }
	let delayMs = 0
	const timers = new Set<NodeJS.Timeout>()

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		let body: Record<string, unknown> | null = null
		try {
			body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
		} catch {
			body = null
		}
		const record: FakePeopleDataRequest = { path: req.url ?? '/', body, status: 0 }
		received.push(record)
		const answer = (status: number, json: unknown) => {
			record.status = status
			if (res.destroyed) return
			res.writeHead(status, { 'content-type': 'application/json' })
			res.end(JSON.stringify(json))
		}
		if (delayMs > 0) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(() => (timers.delete(timer), resolve()), delayMs)
				timers.add(timer)
			})
			if (res.destroyed) return
		}
		if (req.method !== 'POST' || !req.url?.startsWith('/v1/mixed_people/search'))
			return answer(404, { error: 'Not found' })
		if (req.headers['x-api-key'] !== apiKey) return answer(401, { error: 'Invalid API key' })
		if (failures.remaining > 0) {
			failures.remaining--
			return answer(failures.status, {
				error: failures.status === 429 ? 'Rate limit exceeded' : 'Server error',
			})
		}
		if (!body) return answer(422, { error: 'Body must be JSON' })
		const domains = Array.isArray(body.q_organization_domains_list) ? body.q_organization_domains_list : []
		const perPage = Math.min(100, Number(body.per_page ?? 25) || 25)
		const page = Math.max(1, Number(body.page ?? 1) || 1)
		const people = domains.flatMap((domain) => byDomain.get(String(domain).toLowerCase()) ?? [])
		answer(200, {
			people: people.slice((page - 1) * perPage, page * perPage).map((p, index) => ({
				id: `pd-${page}-${index}-${p.last_name}`,
				name: `${p.first_name} ${p.last_name}`,
				...p,
			})),
			pagination: { page, per_page: perPage, total_entries: people.length },
		})
	}

	const server = createServer((req, res) => {
		void handle(req, res).catch(() => {
			if (!res.headersSent) res.writeHead(500).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	return {
		baseUrl,
		apiKey,
		received,
		addPeople(domain: string, people: FakePeopleDataPerson[]) {
			const key = domain.toLowerCase()
			byDomain.set(key, [...(byDomain.get(key) ?? []), ...people])
		},
		/** The next `n` searches answer `status` (429, 503…). */
		failNext: (n: number, status = 500) => void (failures = { remaining: n, status }),
		setDelayMs: (ms: number) => void (delayMs = ms),
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer)
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

export type FakePeopleData = Awaited<ReturnType<typeof startFakePeopleData>>
