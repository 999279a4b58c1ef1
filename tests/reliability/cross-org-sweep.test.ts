import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadBuild, routeList, startApp, type AppRoute, type SentRequest } from './app-under-test.ts'
import { crossWrites, describeRequest, leaksIn } from './leak-checks.ts'
import { fingerprint, type Fingerprint } from './org-fingerprint.ts'
import { seedOrganization, signIn, type SeededOrganization } from './org-fixtures.ts'
import { entryFor, fillPath, paramVariants, ROUTE_TABLE } from './route-table.ts'
import { reportReliabilityFigures } from './reliability-run.ts'

// Issue 12's cross-organization sweep, generated from the app's route list: organization B owns
// one of everything; a member of A calls every route with B's ids in the path, in the query and in
// the body, with every method the route serves. 0 leaks: no 5xx, nothing of B's in any answer,
// B's rows unchanged, none of A's rows pointing at B's. Decision 021.

// Rate limits (decision 018) would answer this many requests from one address with 429s before
// the routes are reached; they have their own tests.
process.env.RATE_LIMITS ??= 'off'
const ADMIN_DOMAIN = 'cross-org-sweep-admin.test'
process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
const BASE_MARKER = 'bravosecret'

const { build, close: closeBuild } = await loadBuild()
const routes = routeList(build)

let app: Awaited<ReturnType<typeof startApp>>
let b: SeededOrganization
let bBefore: Fingerprint

beforeAll(async () => {
	app = await startApp(build)
	b = await seedOrganization(BASE_MARKER)
	bBefore = await fingerprint(b.ids.organization)
}, 60_000)

// For `npm run soak`'s table (reliability-run.ts).
const figures = { requests: 0, serverErrors: 0, leaks: 0 }

afterAll(async () => {
	reportReliabilityFigures('cross-org-sweep', figures)
	await app?.close()
	await closeBuild()
})

/** B's ids under every name a body or a query uses for them. */
function theirIds(other: SeededOrganization) {
	const { ids } = other
	return {
		id: ids.contact,
		ids: ids.contact,
		contactId: ids.contact,
		contactIds: [ids.contact],
		contact_ids: [ids.contact],
		companyId: ids.company,
		tagId: ids.tag,
		tagIds: [ids.tag],
		listId: ids.list,
		campaignId: ids.campaign,
		sequenceId: ids.sequence,
		stepId: ids.emailStep,
		emailStepId: ids.emailStep,
		mailbox_id: ids.senderMailbox,
		mailboxId: ids.userMailbox,
		smtpTransportId: ids.smtpTransport,
		queueableId: ids.queueable,
		generationId: ids.generationRun,
		runId: ids.generationRun,
		inviteId: ids.invite,
		documentId: ids.document,
		messageId: ids.outboxMessage,
		webhookId: ids.webhook,
		taskId: ids.followUpTask,
	}
}

function theirQuery(other: SeededOrganization) {
	const query = new URLSearchParams({ search: BASE_MARKER, q: BASE_MARKER })
	const { ids } = other
	for (const [name, value] of Object.entries({
		...theirIds(other),
		tags: ids.tag,
		company: ids.company,
		campaign: ids.campaign,
		list: ids.listSlug,
		sequence: ids.sequence,
		contact: ids.contact,
		queueable: ids.queueable,
	}))
		query.append(name, Array.isArray(value) ? value[0]! : value)
	return query.toString()
}

function formOf(fields: Record<string, unknown>) {
	const form = new URLSearchParams()
	for (const [name, value] of Object.entries(fields)) {
		for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item))
	}
	return form.toString()
}

/** The requests of the sweep for one route: B's ids in the path, and (for a form or JSON body) in the body. */
function sweepRequests(route: AppRoute, a: SeededOrganization): Omit<SentRequest, 'cookie'>[] {
	const entry = entryFor(route)
	const requests: Omit<SentRequest, 'cookie'>[] = []
	const isPage = !route.path.startsWith('/api/') && !route.path.startsWith('/resources/')
	for (const variant of paramVariants(route)) {
		const theirPath = fillPath(route, variant, b.ids)
		const paths = [theirPath]
		// Our own ids in the path, theirs in the body: an action must not link ours to theirs.
		if (route.params.length > 0 && route.hasAction) paths.push(fillPath(route, variant, a.ids))
		if (route.hasLoader) {
			requests.push({ method: 'GET', path: theirPath })
			requests.push({ method: 'GET', path: `${theirPath}?${theirQuery(b)}` })
		}
		if (!route.hasAction) continue
		const fields = { ...theirIds(b) }
		for (const path of paths) {
			for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
				// Pages read forms (anything else is a 415 at the door); the API and resources read JSON.
				if (!isPage)
					requests.push({
						method,
						path,
						contentType: 'application/json',
						body: JSON.stringify({ ...entry.json, ...fields }),
					})
				if (isPage || entry.form)
					requests.push({
						method,
						path: `${path}?${theirQuery(b)}`,
						contentType: 'application/x-www-form-urlencoded',
						body: formOf({ ...entry.form, ...fields }),
					})
			}
		}
	}
	return requests
}

test('every route of the build is named in the route table, and the table names no route that is gone', () => {
	for (const route of routes) entryFor(route)
	const known = new Set(routes.map((route) => route.id))
	const stale = Object.keys(ROUTE_TABLE).filter((id) => !known.has(id))
	expect(stale, 'routes in tests/reliability/route-table.ts that the app no longer has').toEqual([])
})

describe('every route as a member of another organization', () => {
	for (const route of routes) {
		const reason = ROUTE_TABLE[route.id]?.skip?.sweep
		if (reason) {
			test.skip(`${route.path}: ${reason}`, () => {})
			continue
		}
		test(`${route.path} (${route.hasLoader ? 'loader' : ''}${route.hasAction ? ' action' : ''})`, async () => {
			// A's member is an owner and a platform administrator: the most any route lets through, so
			// only the organization check can stop them. A owns one of everything too (afresh for each
			// route: a route may delete A's own), so that lists answer with rows and A's ids can carry
			// B's in a body.
			const a = await seedOrganization('alfa', {
				email: `alfa-${Math.random().toString(36).slice(2, 10)}@${ADMIN_DOMAIN}`,
			})
			const problems: string[] = []
			// The control: with its own ids, A is let in — so B's ids are stopped by the organization
			// check, not by a wrong path or a signed-out session.
			if (route.hasLoader && route.params.length > 0) {
				for (const variant of paramVariants(route)) {
					const request = { method: 'GET', path: fillPath(route, variant, a.ids) }
					const answer = await app.send({ ...request, cookie: await signIn(a.user.id) })
					// (405: a loader that only refuses GET, for the 405 of the API's shape.)
					if (answer.status >= 400 && answer.status !== 405)
						problems.push(`control: ${describeRequest(request, answer)}`)
				}
			}
			const statuses: string[] = []
			for (const request of sweepRequests(route, a)) {
				// A fresh session each time: a route may sign the last one out.
				const cookie = await signIn(a.user.id)
				const answer = await app.send({ ...request, cookie })
				statuses.push(`${request.method} ${answer.status}`)
				const found: string[] = []
				figures.requests++
				if (answer.status >= 500) {
					figures.serverErrors++
					found.push(`answered ${answer.status}`)
				}
				const leaks = [...leaksIn(answer, request, b), ...(await crossWrites(b, bBefore, a.ids.organization))]
				figures.leaks += leaks.length
				found.push(...leaks)
				if (found.length > 0) problems.push(`${found.join(', ')}: ${describeRequest(request, answer)}`)
				// Later requests are judged on their own.
				if (found.length > 0) bBefore = await fingerprint(b.ids.organization)
			}
			if (process.env.RELIABILITY_DEBUG) console.log(route.path, statuses.join(', '))
			expect(problems, problems.join('\n')).toEqual([])
		}, 120_000)
	}
})
