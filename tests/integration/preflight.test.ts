import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { preflightGenerationRun, preflightSequence } from '#app/models/preflight/launch.server.ts'
import * as runPreflightApi from '#app/routes/api+/v1+/sequence-generations.$id.preflight.ts'
import * as runActivateApi from '#app/routes/api+/v1+/sequence-generations.$id.activate.ts'
import * as sequencePreflightApi from '#app/routes/api+/v1+/sequences.$id.preflight.ts'
import * as sequenceApi from '#app/routes/api+/v1+/sequences.$id.ts'
import * as drawerRoute from '#app/routes/_app+/sequences.$sequenceId.tsx'
import * as sequenceLaunchPage from '#app/routes/_app+/sequences_.$sequenceId_.launch.tsx'
import * as runPage from '#app/routes/_app+/sequences_.generations.$runId.tsx'
import * as runLaunchPage from '#app/routes/_app+/sequences_.generations.$runId_.launch.tsx'
import { PREFLIGHT_MESSAGES, type PreflightCheck } from '#app/schemas/preflight.ts'
import { prisma } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'
import { startFakeWebSite } from '#tests/fakes/web-site.ts'

// The pre-flight check (decision 051): each kind of problem, links asked through the safe fetcher
// of a local site, the launch refused with 409 until acknowledged (and the acknowledgement kept),
// the drawer's and the run page's Activate leading to the check page, and another organization's
// sequences and runs unreachable (404).

const site = await startFakeWebSite()
const other = `localhost:${site.port}`
beforeAll(() => {
	process.env.WEB_FETCH_ALLOW_HOSTS = `127.0.0.1:${site.port},${other}`
	resetEnvCache()
})
afterAll(() => site.close())

const methods: Array<{ path: string; method: string }> = []
site.route('/ok', (req, res) => {
	methods.push({ path: '/ok', method: req.method ?? '' })
	res.writeHead(200, { 'content-type': 'text/html' })
	res.end(req.method === 'HEAD' ? undefined : '<p>ok</p>')
})
site.route('/head-refused', (req, res) => {
	methods.push({ path: '/head-refused', method: req.method ?? '' })
	res.writeHead(req.method === 'HEAD' ? 405 : 200, { 'content-type': 'text/html' })
	res.end()
})
site.route('/gone', (_req, res) => {
	res.writeHead(404)
	res.end()
})
site.route('/same-site-move', (_req, res) => {
	res.writeHead(301, { location: '/ok' })
	res.end()
})
site.route('/elsewhere', (_req, res) => {
	res.writeHead(302, { location: `http://${other}/ok` })
	res.end()
})

type RouteArgs = { request: Request; params: object; context: object }
type Handler = (args: RouteArgs) => Promise<unknown>

function call(handler: unknown, path: string, params: object, init: Parameters<typeof makeRequest>[1]) {
	return callRoute(() => (handler as Handler)({ request: makeRequest(path, init), params, context: {} }))
}

async function owner() {
	const signedIn = await createSignedInUser()
	return signedIn
}

function kinds(check: PreflightCheck | null) {
	return (check?.problems ?? []).map((problem) => problem.kind).sort()
}

describe('the problems the check finds', () => {
	test('a clean draft has none, and a calendar', async () => {
		const { organization, user } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [
				{ daysAfter: 0, bodyHtml: `<p>See <a href="${site.origin}/ok">this</a>.</p>` },
				{ daysAfter: 3 },
			],
		})
		const check = await preflightSequence(organization.id, sequence.id)
		expect(check?.problems).toEqual([])
		expect(check?.links).toEqual({ checked: 1, unchecked: 0 })
		expect(check?.calendar.recipients[0]!.steps.map((step) => step.label)).toEqual([
			'the Initial Email',
			'Follow-up Email 1',
		])
		expect(check?.calendar.mailboxes[0]!.emails).toBe(2)
	})

	test('links: a 404, a redirect to another site and a private address fail; HEAD refused falls back to GET; a same-site move is fine', async () => {
		const { organization, user } = await owner()
		const links = ['/gone', '/elsewhere', '/head-refused', '/same-site-move', '/ok']
			.map((path) => `<a href="${site.origin}${path}">x</a>`)
			.join(' ')
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ bodyHtml: `<p>${links}</p>`, bodyText: 'Also http://10.0.0.1/admin here.' }],
		})
		methods.length = 0
		const check = await preflightSequence(organization.id, sequence.id)
		expect(kinds(check)).toEqual(['broken_link', 'broken_link', 'unexpected_redirect'])
		const messages = check!.problems.map((problem) => problem.message).join('\n')
		expect(messages).toContain(`${site.origin}/gone in the Initial Email`)
		expect(messages).toContain('it answers 404')
		expect(messages).toContain(`leads to another site: http://${other}/ok`)
		expect(messages).toContain('http://10.0.0.1/admin in the Initial Email')
		expect(messages).toContain('private or unsafe address')
		expect(check!.problems.every((problem) => problem.fixUrl === `/sequences/${sequence.id}`)).toBe(true)
		expect(methods.filter((m) => m.path === '/head-refused').map((m) => m.method)).toEqual(['HEAD', 'GET'])
	})

	test('unfilled placeholders and an empty name in a greeting', async () => {
		const { organization, user } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [
				{ bodyText: 'Hi ,\nI saw your work.', bodyHtml: '<p>Hi ,</p><p>I saw your work.</p>' },
				{ bodyText: 'Hello {{firstName}}, any thoughts on [Company]?', bodyHtml: '' },
			],
		})
		const check = await preflightSequence(organization.id, sequence.id)
		expect(kinds(check)).toEqual(['empty_variable', 'placeholder'])
		const placeholder = check!.problems.find((problem) => problem.kind === 'placeholder')!
		expect(placeholder.message).toContain('Follow-up Email 1')
		expect(placeholder.message).toContain('“{{firstName}}”, “[Company]”')
		expect(placeholder.fix).toMatch(/Replace the placeholder/)
	})

	test('unsubscribed, bounced and missing addresses, with a link to fix each', async () => {
		const { organization, user } = await owner()
		const unsubscribed = await insertContact(organization.id, {
			unsubscribedAt: new Date('2026-11-02T10:00:00Z'),
		})
		const bounced = await insertContact(organization.id, { emailBouncedAt: new Date('2026-11-03T10:00:00Z') })
		const noEmail = await insertContact(organization.id, { email: null })
		const checks = []
		for (const contact of [unsubscribed, bounced, noEmail]) {
			const sequence = await insertSequence({ organizationId: organization.id, user, contactId: contact.id })
			checks.push(await preflightSequence(organization.id, sequence.id))
		}
		expect(checks.map(kinds)).toEqual([['unsubscribed'], ['bounced'], ['no_email']])
		expect(checks[0]!.problems[0]!.message).toContain('unsubscribed on 2 Nov 2026')
		expect(checks[1]!.problems[0]!.fixUrl).toBe(`/contacts/${bounced.id}/edit`)
		expect(checks[2]!.problems[0]!.fix).toMatch(/Add an email address/)
	})

	test('a contact already in another active sequence', async () => {
		const { organization, user } = await owner()
		const contact = await insertContact(organization.id)
		const running = await insertSequence({
			organizationId: organization.id,
			user,
			contactId: contact.id,
			status: 'ACTIVE',
		})
		const draft = await insertSequence({ organizationId: organization.id, user, contactId: contact.id })
		const check = await preflightSequence(organization.id, draft.id)
		expect(kinds(check)).toEqual(['already_in_sequence'])
		expect(check!.problems[0]!.fixUrl).toBe(`/sequences/${running.id}`)
	})

	test('LinkedIn steps without a connected account, then connected', async () => {
		const { organization, user } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			linkedInSteps: [{ daysAfter: 0, requestNote: 'Hi Ada' }],
		})
		const check = await preflightSequence(organization.id, sequence.id)
		expect(kinds(check)).toEqual(['linkedin_not_connected'])
		expect(check!.problems[0]!.fixUrl).toBe('/settings/linkedin')
		await prisma.user.update({
			where: { id: user.id },
			data: { linkedinConnectedAt: new Date(), linkedinAuthEncrypted: 'sealed' },
		})
		expect(kinds(await preflightSequence(organization.id, sequence.id))).toEqual([])
	})

	test('a mailbox with a cap of 0 never sends', async () => {
		const { organization, user } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ daysAfter: 0 }],
		})
		await prisma.mailbox.update({
			where: { id: sequence.mailboxId! },
			data: { dailyLimitStart: 0, dailyLimitIncrement: 0, dailyLimitMax: 0 },
		})
		const check = await preflightSequence(organization.id, sequence.id)
		expect(kinds(check)).toEqual(['never_sends'])
		expect(check!.problems[0]!.fixUrl).toBe('/settings/sending')
	})

	test('a run asks each distinct link once, and the calendar spreads its volume over the mailbox’s cap', async () => {
		const { organization, user } = await owner()
		const run = await prisma.sequenceGeneration.create({
			data: { name: 'Run', organizationId: organization.id },
		})
		for (let i = 0; i < 3; i++) {
			await insertSequence({
				organizationId: organization.id,
				user,
				steps: [{ daysAfter: 0, bodyHtml: `<a href="${site.origin}/ok">x</a>` }],
				data: { generationId: run.id },
			})
		}
		const mailbox = await prisma.mailbox.findFirstOrThrow({ where: { organizationId: organization.id } })
		await prisma.mailbox.update({
			where: { id: mailbox.id },
			data: { dailyLimitStart: 2, dailyLimitIncrement: 0 },
		})
		methods.length = 0
		const check = await preflightGenerationRun(organization.id, run.id)
		expect(check?.sequences).toBe(3)
		expect(methods.filter((m) => m.path === '/ok')).toHaveLength(1)
		expect(check?.calendar.deferredByCap).toBe(1)
		expect(check?.calendar.mailboxes[0]!.days.map((d) => d.emails)).toEqual([2, 1])
	})
})

describe('launching', () => {
	test('PUT ACTIVE answers 409 preflight_problems until acknowledged; the acknowledgement is recorded', async () => {
		const { organization, user, cookie } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ bodyText: 'Hello {{firstName}}', bodyHtml: '' }],
		})
		const put = (json: unknown) =>
			call(
				sequenceApi.action,
				`/api/v1/sequences/${sequence.id}`,
				{ id: sequence.id },
				{ method: 'PUT', cookie, json },
			)

		const preflight = await call(
			sequencePreflightApi.action,
			`/api/v1/sequences/${sequence.id}/preflight`,
			{ id: sequence.id },
			{ method: 'POST', cookie },
		)
		expect(preflight.status).toBe(200)
		expect(preflight.body.problems.map((p: { kind: string }) => p.kind)).toEqual(['placeholder'])

		const refused = await put({ status: 'ACTIVE' })
		expect(refused.status).toBe(409)
		expect(refused.body.error).toBe('preflight_problems')
		expect(refused.body.message).toBe(PREFLIGHT_MESSAGES.refused(1))
		expect(refused.body.problems).toHaveLength(1)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('PENDING')

		expect((await put({ status: 'ACTIVE', acknowledgeProblems: 'yes' })).status).toBe(400)
		const launched = await put({ status: 'ACTIVE', acknowledgeProblems: true })
		expect(launched.status).toBe(200)
		expect(launched.body.status).toBe('ACTIVE')
		const [record] = await prisma.launchAcknowledgement.findMany({
			where: { organizationId: organization.id },
		})
		expect(record).toMatchObject({
			userId: user.id,
			userEmail: user.email,
			kind: 'SEQUENCE',
			targetId: sequence.id,
		})
		expect((record!.problems as { total: number; listed: Array<{ kind: string }> }).listed[0]!.kind).toBe(
			'placeholder',
		)
	})

	test('a clean draft launches without acknowledgement, and nothing is recorded', async () => {
		const { organization, user, cookie } = await owner()
		const sequence = await insertSequence({ organizationId: organization.id, user })
		const result = await call(
			sequenceApi.action,
			`/api/v1/sequences/${sequence.id}`,
			{ id: sequence.id },
			{
				method: 'PUT',
				cookie,
				json: { status: 'ACTIVE' },
			},
		)
		expect(result.status).toBe(200)
		expect(await prisma.launchAcknowledgement.count({ where: { organizationId: organization.id } })).toBe(0)
	})

	test('a run: 409 with the problems, then activated with acknowledgeProblems (kind GENERATION_RUN)', async () => {
		const { organization, user, cookie } = await owner()
		const run = await prisma.sequenceGeneration.create({
			data: { name: 'Run', organizationId: organization.id },
		})
		const bounced = await insertContact(organization.id, { emailBouncedAt: new Date() })
		await insertSequence({
			organizationId: organization.id,
			user,
			contactId: bounced.id,
			data: { generationId: run.id },
		})
		await insertSequence({ organizationId: organization.id, user, data: { generationId: run.id } })
		const activate = (json?: unknown) =>
			call(
				runActivateApi.action,
				`/api/v1/sequence-generations/${run.id}/activate`,
				{ id: run.id },
				{ method: 'POST', cookie, json },
			)
		const checked = await call(
			runPreflightApi.action,
			`/api/v1/sequence-generations/${run.id}/preflight`,
			{ id: run.id },
			{ method: 'POST', cookie },
		)
		expect(checked.body.sequences).toBe(2)
		const refused = await activate()
		expect(refused.status).toBe(409)
		expect(refused.body.problems.map((p: { kind: string }) => p.kind)).toEqual(['bounced'])
		const launched = await activate({ acknowledgeProblems: true })
		expect(launched.status).toBe(200)
		expect(launched.body.activated).toBe(2)
		expect(await prisma.launchAcknowledgement.findFirst({ where: { targetId: run.id } })).toMatchObject({
			kind: 'GENERATION_RUN',
		})
	})

	test('the drawer’s Activate leads to the check page; its form launches only with the box ticked', async () => {
		const { organization, user, cookie } = await owner()
		const sequence = await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ bodyText: 'Hi [Name]', bodyHtml: '' }],
		})
		for (const mode of [{ mode: 'fetcher' }, {}] as Array<Record<string, string>>) {
			const answer = await call(
				drawerRoute.action,
				`/sequences/${sequence.id}`,
				{ sequenceId: sequence.id },
				{
					method: 'POST',
					cookie,
					form: { intent: 'activate', ...mode },
				},
			)
			expect(answer.status).toBe(302)
			expect(answer.headers.get('location')).toBe(`/sequences/${sequence.id}/launch`)
		}
		const page = await call(
			sequenceLaunchPage.loader,
			`/sequences/${sequence.id}/launch`,
			{ sequenceId: sequence.id },
			{ cookie },
		)
		expect(page.status).toBe(200)
		expect(page.body.check.totalProblems).toBe(1)

		const post = (form: Record<string, string>) =>
			call(
				sequenceLaunchPage.action,
				`/sequences/${sequence.id}/launch`,
				{ sequenceId: sequence.id },
				{ method: 'POST', cookie, form },
			)
		const unticked = await post({ intent: 'launch' })
		expect(unticked.status).toBe(400)
		expect(unticked.body.error).toBe(PREFLIGHT_MESSAGES.acknowledgeRequired)
		const ticked = await post({ intent: 'launch', acknowledgeProblems: 'on' })
		expect(ticked.status).toBe(302)
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('ACTIVE')
		expect(await prisma.launchAcknowledgement.count({ where: { targetId: sequence.id } })).toBe(1)
	})

	test('a run page’s Activate drafts leads to its check page when there are problems', async () => {
		const { organization, user, cookie } = await owner()
		const run = await prisma.sequenceGeneration.create({
			data: { name: 'Run', organizationId: organization.id },
		})
		await insertSequence({
			organizationId: organization.id,
			user,
			steps: [{ bodyText: 'Hi {{first_name}}', bodyHtml: '' }],
			data: { generationId: run.id },
		})
		const answer = await call(
			runPage.action,
			`/sequences/generations/${run.id}`,
			{ runId: run.id },
			{
				method: 'POST',
				cookie,
				form: { intent: 'activate' },
			},
		)
		expect(answer.status).toBe(302)
		expect(answer.headers.get('location')).toBe(`/sequences/generations/${run.id}/launch`)
		const launched = await call(
			runLaunchPage.action,
			`/sequences/generations/${run.id}/launch`,
			{ runId: run.id },
			{
				method: 'POST',
				cookie,
				form: { intent: 'launch', acknowledgeProblems: 'on' },
			},
		)
		expect(launched.status).toBe(302)
		expect(await prisma.sequence.count({ where: { generationId: run.id, status: 'ACTIVE' } })).toBe(1)
	})
})

describe('another organization', () => {
	test('cannot check, launch or open the check pages of a sequence or run it does not own (404)', async () => {
		const victim = await owner()
		const intruder = await owner()
		const sequence = await insertSequence({
			organizationId: victim.organization.id,
			user: victim.user,
			steps: [{ bodyText: 'Hi {{firstName}}', bodyHtml: '' }],
		})
		const run = await prisma.sequenceGeneration.create({
			data: { name: 'Run', organizationId: victim.organization.id },
		})
		await prisma.sequence.update({ where: { id: sequence.id }, data: { generationId: run.id } })
		const cookie = intruder.cookie
		const answers = await Promise.all([
			call(sequencePreflightApi.action, '/x', { id: sequence.id }, { method: 'POST', cookie }),
			call(
				sequenceApi.action,
				'/x',
				{ id: sequence.id },
				{ method: 'PUT', cookie, json: { status: 'ACTIVE', acknowledgeProblems: true } },
			),
			call(runPreflightApi.action, '/x', { id: run.id }, { method: 'POST', cookie }),
			call(
				runActivateApi.action,
				'/x',
				{ id: run.id },
				{ method: 'POST', cookie, json: { acknowledgeProblems: true } },
			),
			call(sequenceLaunchPage.loader, '/x', { sequenceId: sequence.id }, { cookie }),
			call(
				sequenceLaunchPage.action,
				'/x',
				{ sequenceId: sequence.id },
				{ method: 'POST', cookie, form: { intent: 'launch', acknowledgeProblems: 'on' } },
			),
			call(runLaunchPage.loader, '/x', { runId: run.id }, { cookie }),
			call(
				runLaunchPage.action,
				'/x',
				{ runId: run.id },
				{ method: 'POST', cookie, form: { intent: 'launch', acknowledgeProblems: 'on' } },
			),
		])
		expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404])
		expect(answers[0]!.body).toMatchObject({ error: 'not_found' })
		expect((await prisma.sequence.findUniqueOrThrow({ where: { id: sequence.id } })).status).toBe('PENDING')
		expect(
			await prisma.launchAcknowledgement.count({ where: { targetId: { in: [sequence.id, run.id] } } }),
		).toBe(0)
		// The check itself ignores sequences of another organization, even handed their ids.
		expect(await preflightSequence(intruder.organization.id, sequence.id)).toBeNull()
	})
})
