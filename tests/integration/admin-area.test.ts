import { randomUUID } from 'node:crypto'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { beforeAll, describe, expect, test } from 'vitest'
import { listAdminCampaigns } from '#app/models/admin/list-campaigns.server.ts'
import { listAdminOrganizations } from '#app/models/admin/list-organizations.server.ts'
import { refreshOrganizationActivity } from '#app/models/admin/refresh-organization-activity.server.ts'
import { refreshAdminFiguresTask } from '#jobs/tasks/admin/refresh-admin-figures.ts'
import { loader as auditLoader } from '#app/routes/_app+/admin.audit.tsx'
import { loader as campaignsPageLoader } from '#app/routes/_app+/admin.campaigns.tsx'
import {
	action as organizationsAction,
	loader as organizationsPageLoader,
} from '#app/routes/_app+/admin._index.tsx'
import { loader as layoutLoader } from '#app/routes/_app+/admin.tsx'
import { loader as auditApi } from '#app/routes/api+/v1+/admin.audit.ts'
import { loader as campaignsApi } from '#app/routes/api+/v1+/admin.campaigns.ts'
import { action as planApi } from '#app/routes/api+/v1+/admin.organizations.$id.plan.ts'
import { loader as organizationsApi } from '#app/routes/api+/v1+/admin.organizations.ts'
import {
	CampaignsFiltersSchema,
	DashboardFiltersSchema,
	FUTURE_DATE_MESSAGE,
	type CampaignsFilters,
	type DashboardFilters,
} from '#app/schemas/admin.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { ADMIN_DOMAIN, adminEmail } from '#tests/factories/list.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

process.env.ADMIN_EMAIL_DOMAINS = ADMIN_DOMAIN
resetEnvCache()

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>

function call(handler: Handler, path: string, options: Parameters<typeof makeRequest>[1] = {}, params = {}) {
	return callRoute(() => handler({ request: makeRequest(path, options), params, context: {} }))
}

const DAY = 24 * 60 * 60 * 1000
// Every organization of this file carries the marker in its name, so searches see only these.
const marker = `adm${randomUUID().slice(0, 6)}`

function dashboard(input: Record<string, unknown> = {}): DashboardFilters {
	return DashboardFiltersSchema.parse({ search: marker, ...input })
}
function campaignsFilter(input: Record<string, unknown> = {}): CampaignsFilters {
	return CampaignsFiltersSchema.parse({ search: marker, ...input })
}

let admin: Awaited<ReturnType<typeof createSignedInUser>>
let member: Awaited<ReturnType<typeof createSignedInUser>>
let busy: { id: string; name: string }
let quiet: { id: string; name: string }
let busyCampaignId: string

beforeAll(async () => {
	admin = await createSignedInUser({ email: adminEmail() })
	member = await createSignedInUser({ role: 'OWNER' })
	// "busy": two members, three contacts of which two were contacted (the last 2 days ago), a lead
	// import (automatic lead finding), a campaign with both contacted contacts, one sent step each
	// and one reply. "quiet": older, one contact never contacted.
	busy = await prisma.organization.create({
		data: { name: `${marker} Busy Co`, createdAt: new Date(Date.now() - 5 * DAY) },
		select: { id: true, name: true },
	})
	quiet = await prisma.organization.create({
		data: { name: `${marker} Quiet Ltd`, createdAt: new Date(Date.now() - 40 * DAY) },
		select: { id: true, name: true },
	})
	const owner = await createSignedInUser({ organizationId: busy.id })
	await createSignedInUser({ organizationId: busy.id, role: 'MEMBER' })
	await createSignedInUser({ organizationId: quiet.id })
	const contacts = await Promise.all(
		[10, 2, null].map((daysAgo, index) =>
			prisma.contact.create({
				data: {
					organizationId: busy.id,
					firstName: `Lead${index}`,
					lastName: 'Busy',
					email: `lead${index}-${marker}@example.org`,
					lastContactedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
				},
				select: { id: true },
			}),
		),
	)
	await prisma.contact.create({
		data: {
			organizationId: quiet.id,
			firstName: 'Never',
			lastName: 'Reached',
			email: `q-${marker}@example.org`,
		},
	})
	await prisma.leadImport.create({ data: { organizationId: busy.id, source: 'TEXT', name: 'Pasted text' } })
	const campaign = await createCampaignRecord(busy.id, { name: `${marker} Spring push` })
	busyCampaignId = campaign.id
	await addToCampaign(campaign.id, [contacts[0]!.id, contacts[1]!.id])
	await createCampaignRecord(quiet.id, { name: `${marker} Empty campaign` })
	for (const [index, contact] of contacts.slice(0, 2).entries()) {
		const sequence = await insertSequence({
			organizationId: busy.id,
			user: owner.user,
			contactId: contact.id,
			status: 'ACTIVE',
			steps: [{ daysAfter: 0, status: 'SENT' }, { daysAfter: 3 }],
		})
		await prisma.emailStep.updateMany({
			where: { sequenceId: sequence.id, order: 1 },
			data: { sentAt: new Date(), repliedAt: index === 0 ? new Date() : null },
		})
	}
	await refreshOrganizationActivity()
})

describe('who may enter', () => {
	test('a non-administrator gets 403 on every admin page, action and API route', async () => {
		const { cookie } = member
		for (const [handler, path] of [
			[layoutLoader, '/admin'],
			[organizationsPageLoader, '/admin'],
			[campaignsPageLoader, '/admin/campaigns'],
			[auditLoader, '/admin/audit'],
		] as const) {
			expect((await call(handler as Handler, path, { cookie })).status, path).toBe(403)
		}
		const post = await call(organizationsAction as Handler, '/admin?index', {
			method: 'POST',
			cookie,
			form: { intent: 'set-plan-status', organizationId: member.organization.id, planStatus: 'ACTIVE' },
		})
		expect(post.status).toBe(403)
		for (const [handler, path] of [
			[organizationsApi, '/api/v1/admin/organizations'],
			[campaignsApi, '/api/v1/admin/campaigns'],
			[auditApi, '/api/v1/admin/audit'],
		] as const) {
			const result = await call(handler as Handler, path, { cookie })
			expect(result.status, path).toBe(403)
			expect(result.body).toMatchObject({ error: 'forbidden' })
		}
		const put = await call(
			planApi as Handler,
			`/api/v1/admin/organizations/${member.organization.id}/plan`,
			{ method: 'PUT', cookie, json: { planStatus: 'ACTIVE' } },
			{ id: member.organization.id },
		)
		expect(put.status).toBe(403)
		// Nothing changed, nothing audited.
		const organization = await prisma.organization.findUniqueOrThrow({
			where: { id: member.organization.id },
		})
		expect(organization.planStatus).toBe('NONE')
		expect(
			await prisma.adminAuditEntry.count({ where: { targetOrganizationId: member.organization.id } }),
		).toBe(0)
	})

	test('without a session: the pages go to sign in, the API answers 401', async () => {
		expect((await call(organizationsPageLoader as Handler, '/admin')).status).toBe(302)
		expect((await call(organizationsApi as Handler, '/api/v1/admin/organizations')).status).toBe(401)
	})

	test('an administrator whose email is not verified is not one', async () => {
		const unverified = await createSignedInUser({ email: adminEmail() })
		await prisma.user.update({ where: { id: unverified.user.id }, data: { emailVerified: false } })
		expect(
			(await call(organizationsPageLoader as Handler, '/admin', { cookie: unverified.cookie })).status,
		).toBe(403)
	})
})

describe('the organizations table', () => {
	test('figures per organization, computed from the rows', async () => {
		const page = await listAdminOrganizations(dashboard({ leadsContacted: '0' }))
		expect(page.total).toBe(2)
		expect(page.rows.map((row) => row.name)).toEqual([busy.name, quiet.name])
		const [busyRow, quietRow] = page.rows
		expect(busyRow).toMatchObject({
			members: 2,
			planStatus: 'NONE',
			autoLeads: true,
			leadsContacted: 2,
			contactsAdded: 3,
		})
		expect(Date.now() - new Date(busyRow!.lastContactAt!).getTime()).toBeGreaterThan(1.9 * DAY)
		expect(Date.now() - new Date(busyRow!.lastContactAt!).getTime()).toBeLessThan(2.1 * DAY)
		expect(quietRow).toMatchObject({
			members: 1,
			autoLeads: false,
			leadsContacted: 0,
			contactsAdded: 1,
			lastContactAt: null,
		})
	})

	test("the figures follow the rows once recomputed: by the minute job, or an administrator's Refresh (audited)", async () => {
		const extra = await prisma.contact.create({
			data: { organizationId: quiet.id, firstName: 'Now', lastName: 'Reached', lastContactedAt: new Date() },
			select: { id: true },
		})
		const quietRow = async () =>
			(await listAdminOrganizations(dashboard({ leadsContacted: '0' }))).rows.find(
				(row) => row.id === quiet.id,
			)
		expect(await quietRow()).toMatchObject({ contactsAdded: 1, leadsContacted: 0 })
		await refreshAdminFiguresTask({ _cron: { ts: new Date().toISOString(), backfilled: false } }, {
			logger: { debug: () => {} },
		} as never)
		expect(await quietRow()).toMatchObject({
			contactsAdded: 2,
			leadsContacted: 1,
			lastContactAt: expect.any(String),
		})

		await prisma.contact.delete({ where: { id: extra.id } })
		const refreshed = await call(organizationsAction as Handler, '/admin?index', {
			method: 'POST',
			cookie: admin.cookie,
			form: { intent: 'refresh-figures' },
		})
		expect(refreshed.status).toBe(302)
		expect(await quietRow()).toMatchObject({ contactsAdded: 1, leadsContacted: 0, lastContactAt: null })
		const entry = await prisma.adminAuditEntry.findFirstOrThrow({
			where: { action: 'admin_figures.refresh', actorUserId: admin.user.id },
		})
		expect(entry.actorEmail).toBe(admin.user.email)
	})

	test('leadsContacted defaults to 1 and is a minimum', async () => {
		const names = async (input: Record<string, unknown>) =>
			(await listAdminOrganizations(dashboard(input))).rows.map((row) => row.name)
		expect(await names({})).toEqual([busy.name])
		expect(await names({ leadsContacted: '2' })).toEqual([busy.name])
		expect(await names({ leadsContacted: '3' })).toEqual([])
		expect(await names({ leadsContacted: '0' })).toEqual([busy.name, quiet.name])
	})

	test('autoLeads, createdAfter, noContactsSince and search narrow the table', async () => {
		const names = async (input: Record<string, unknown>) =>
			(await listAdminOrganizations(dashboard({ leadsContacted: '0', ...input }))).rows.map((row) => row.name)
		expect(await names({ autoLeads: 'true' })).toEqual([busy.name])
		const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10)
		expect(await names({ createdAfter: tenDaysAgo })).toEqual([busy.name])
		// Busy's last contact was 2 days ago: "no contacts since" yesterday keeps it out, since a week ago lets it in.
		const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10)
		const weekAgo = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10)
		expect(await names({ noContactsSince: yesterday })).toEqual([busy.name, quiet.name])
		expect(await names({ noContactsSince: weekAgo })).toEqual([quiet.name])
		expect(await names({ search: `${marker} quiet` })).toEqual([quiet.name])
		// LIKE wildcards are literal.
		expect(await names({ search: `${marker}%` })).toEqual([])
	})

	test('paginated on the server; a page past the last is refused', async () => {
		const first = await listAdminOrganizations(dashboard({ leadsContacted: '0' }), 1)
		const second = await listAdminOrganizations(dashboard({ leadsContacted: '0', page: '2' }), 1)
		expect([first.rows[0]?.name, second.rows[0]?.name]).toEqual([busy.name, quiet.name])
		expect(first).toMatchObject({ total: 2, pageCount: 2, outOfRange: false })
		const past = await listAdminOrganizations(dashboard({ leadsContacted: '0', page: '3' }), 1)
		expect(past).toMatchObject({ outOfRange: true, rows: [] })
	})

	test('the page and the API read the filters from the URL; bad values are a 400 with the message', async () => {
		const { cookie } = admin
		const ok = await call(organizationsPageLoader as Handler, `/admin?search=${marker}&autoLeads=true`, {
			cookie,
		})
		expect(ok.status).toBe(200)
		expect(ok.body.table.rows.map((row: { name: string }) => row.name)).toEqual([busy.name])
		expect(ok.body.canonical).toBe(`search=${marker}&autoLeads=true`)

		const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
		const future = await call(organizationsPageLoader as Handler, `/admin?createdAfter=${tomorrow}`, {
			cookie,
		})
		expect(future.status).toBe(400)
		expect(future.body.errors.createdAfter).toEqual([FUTURE_DATE_MESSAGE])
		expect(future.body.values.createdAfter).toBe(tomorrow)

		const api = await call(
			organizationsApi as Handler,
			`/api/v1/admin/organizations?noContactsSince=${tomorrow}&leadsContacted=abc`,
			{ cookie },
		)
		expect(api.status).toBe(400)
		expect(api.body).toMatchObject({ error: 'validation_error' })
		expect(api.body.fields).toMatchObject({
			noContactsSince: [FUTURE_DATE_MESSAGE],
			leadsContacted: ['Leads contacted must be a whole number'],
		})

		for (const query of [
			'page=0',
			'page=1.5',
			'autoLeads=maybe',
			'createdAfter=2026-02-30',
			'leadsContacted=-1',
		]) {
			const result = await call(organizationsApi as Handler, `/api/v1/admin/organizations?${query}`, {
				cookie,
			})
			expect(result.status, query).toBe(400)
			expect(typeof result.body.message, query).toBe('string')
		}
		const past = await call(
			organizationsApi as Handler,
			`/api/v1/admin/organizations?search=${marker}&page=9`,
			{ cookie },
		)
		expect(past.status).toBe(400)
		expect(past.body).toEqual({
			error: 'page_out_of_range',
			message: 'There is no page 9: these filters give 1 page',
		})

		const json = await call(organizationsApi as Handler, `/api/v1/admin/organizations?search=${marker}`, {
			cookie,
		})
		expect(json.status).toBe(200)
		expect(json.body.meta).toMatchObject({ total: 1, page: 1, pageCount: 1, last_page: 1 })
	})
})

describe('the campaigns table', () => {
	test('campaigns across organizations with contacts, sent and replies; contactsAdded defaults to 1', async () => {
		const page = await listAdminCampaigns(campaignsFilter())
		expect(page.rows).toEqual([
			expect.objectContaining({
				id: busyCampaignId,
				organizationName: busy.name,
				channels: ['EMAIL'],
				contacts: 2,
				sent: 2,
				replies: 1,
				status: 'DRAFT',
			}),
		])
		const all = await listAdminCampaigns(campaignsFilter({ contactsAdded: '0' }))
		// Newest first: the quiet organization's campaign was created last.
		expect(all.rows.map((row) => row.organizationName)).toEqual([quiet.name, busy.name])
		expect((await listAdminCampaigns(campaignsFilter({ contactsAdded: '3' }))).rows).toEqual([])
	})

	test('organization filters apply to campaigns; the search matches campaign or organization names', async () => {
		const ids = async (input: Record<string, unknown>) =>
			(await listAdminCampaigns(campaignsFilter({ contactsAdded: '0', ...input }))).rows.map(
				(row) => row.organizationName,
			)
		expect(await ids({ autoLeads: 'on' })).toEqual([busy.name])
		expect(await ids({ search: `${marker} Quiet` })).toEqual([quiet.name])
		expect(await ids({ search: `${marker} Spring` })).toEqual([busy.name])
		const weekAgo = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10)
		expect(await ids({ noContactsSince: weekAgo })).toEqual([quiet.name])
	})
})

describe('plan status', () => {
	test('an administrator sets it from the page and the API; each change is audited', async () => {
		const { cookie } = admin
		const form = await call(organizationsAction as Handler, `/admin?index&search=${marker}`, {
			method: 'POST',
			cookie,
			form: { intent: 'set-plan-status', organizationId: quiet.id, planStatus: 'TRIAL' },
		})
		expect(form.status).toBe(302)
		expect(form.headers.get('Location')).toBe(`/admin?search=${marker}`)
		const api = await call(
			planApi as Handler,
			`/api/v1/admin/organizations/${busy.id}/plan`,
			{ method: 'PUT', cookie, json: { planStatus: 'ACTIVE' } },
			{ id: busy.id },
		)
		expect(api).toMatchObject({ status: 200, body: { id: busy.id, planStatus: 'ACTIVE' } })

		const active = await listAdminOrganizations(
			dashboard({ leadsContacted: '0', activeSubscription: 'true' }),
		)
		expect(active.rows.map((row) => [row.name, row.planStatus])).toEqual([[busy.name, 'ACTIVE']])

		const entries = await prisma.adminAuditEntry.findMany({
			where: { targetOrganizationId: { in: [busy.id, quiet.id] } },
			orderBy: { createdAt: 'asc' },
		})
		expect(
			entries.map((entry) => [entry.targetOrganizationId, entry.actorEmail, entry.action, entry.details]),
		).toEqual([
			[
				quiet.id,
				admin.user.email,
				'organization.plan_status.set',
				{ from: 'NONE', to: 'TRIAL', organizationName: quiet.name },
			],
			[
				busy.id,
				admin.user.email,
				'organization.plan_status.set',
				{ from: 'NONE', to: 'ACTIVE', organizationName: busy.name },
			],
		])
		const audit = await call(auditApi as Handler, '/api/v1/admin/audit', { cookie })
		expect(audit.body.data[0]).toMatchObject({ targetOrganizationId: busy.id, organizationName: busy.name })
	})

	test('a bad plan or an unknown organization is refused and nothing is audited', async () => {
		const { cookie } = admin
		const before = await prisma.adminAuditEntry.count()
		const bad = await call(
			planApi as Handler,
			`/api/v1/admin/organizations/${busy.id}/plan`,
			{ method: 'PUT', cookie, json: { planStatus: 'GOLD' } },
			{ id: busy.id },
		)
		expect(bad.status).toBe(400)
		expect(bad.body.message).toBe('Plan status must be ACTIVE, TRIAL or NONE')
		const missing = await call(
			planApi as Handler,
			'/api/v1/admin/organizations/nope/plan',
			{ method: 'PUT', cookie, json: { planStatus: 'TRIAL' } },
			{ id: 'nope' },
		)
		expect(missing.status).toBe(404)
		const page = await call(organizationsAction as Handler, '/admin?index', {
			method: 'POST',
			cookie,
			form: { intent: 'set-plan-status', organizationId: 'nope', planStatus: 'TRIAL' },
		})
		expect(page.status).toBe(404)
		expect(await prisma.adminAuditEntry.count()).toBe(before)
	})
})
