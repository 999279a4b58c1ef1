import type { AppRoute } from './app-under-test.ts'
import type { FixtureKind } from './org-fixtures.ts'

// Every route of the app's build, by route id, with what the sweeps need to call it: which fixture
// each path parameter names, or why the route is skipped. Both sweeps (route-fuzz.test.ts and
// cross-org-sweep.test.ts) fail on a route this table does not name, so a new route is added here
// on purpose: name its parameters' kinds (most follow from their names, in PARAM_KINDS), or skip it
// with a reason. Decision 021.

/** A path parameter's value: one of the organization's fixtures, or a literal (`=campaign`). */
export type ParamValue = FixtureKind | `=${string}`

export type RouteEntry = {
	/** Why a sweep leaves this route out (it still has to be named here). */
	skip?: { sweep?: string; fuzz?: string }
	/** The parameters' values, one object per way of calling it; by default from PARAM_KINDS. */
	variants?: Array<Record<string, ParamValue>>
	/** A plausible body for its action, so the sweeps get past validation to the organization check. */
	json?: Record<string, unknown>
	form?: Record<string, string>
}

/** What a path parameter's name means, when the route does not say otherwise. */
export const PARAM_KINDS: Record<string, ParamValue> = {
	contactId: 'contact',
	companyId: 'company',
	tagId: 'tag',
	listId: 'list',
	slug: 'listSlug',
	campaign: 'campaign',
	sequenceId: 'sequence',
	runId: 'generationRun',
	messageId: 'outboxMessage',
	stepId: 'emailStep',
	importId: 'companyImport',
	queueId: 'leadImportQueue',
	rowId: 'companyImportRow',
	webhookId: 'webhook',
	taskId: 'followUpTask',
}

const SIGNED_TOKEN =
	'a public link authorized by a sealed token, not by a session: no organization to cross (forged and foreign tokens: tests/integration/tracking.test.ts, unsubscribe.test.ts, sending-settings.test.ts)'

const RANDOM_LINK_TOKEN =
	'a public link found by a random token (stored as its hash), and accepted only by the invited email: no organization to cross (forged, foreign and other-email tokens: tests/integration/invitation-links.test.ts)'

const ADMIN_AREA =
	'the admin area shows and changes every organization to platform administrators by design; everyone else gets 403 (tests/integration/admin-area.test.ts)'

export const ROUTE_TABLE: Record<string, RouteEntry> = {
	// pages and their forms
	'routes/$': {},
	'routes/_index': {},
	// Served by the rate-limit guard in place of a page: always a 429 (decision 018).
	'routes/rate-limited': {},
	'routes/_app+/_layout': {},
	'routes/_app+/admin': {},
	// The admin area (issue 16, decision 043) reads and sets every organization's rows by design, for
	// platform administrators only (the sweep's member is one): 403 for everyone else is proven in
	// tests/integration/admin-area.test.ts, so the cross-organization sweep leaves these routes out.
	'routes/_app+/admin._index': {
		skip: { sweep: ADMIN_AREA },
		form: { intent: 'set-plan-status', organizationId: 'no-such-organization', planStatus: 'TRIAL' },
	},
	'routes/_app+/admin.campaigns': { skip: { sweep: ADMIN_AREA } },
	'routes/_app+/admin.audit': { skip: { sweep: ADMIN_AREA } },
	// A GET page: its filter ids are checked against the organization (tests/integration/analytics-pages.test.ts).
	'routes/_app+/analytics': {},
	// The outcome form of one call (stepId in the body: the sweep sends the other organization's ids there).
	'routes/_app+/calls': { form: { stepId: 'no-such-call', outcome: 'CONNECTED', notes: 'Fuzz' } },
	'routes/_app+/campaigns._index': { form: { name: 'Fuzz campaign', channels: 'EMAIL' } },
	'routes/_app+/campaigns.$campaign': { form: { intent: 'rename', name: 'Renamed' } },
	'routes/_app+/companies._index': {},
	// The companion's download page and its zip: the same for every organization (decision 032).
	'routes/_app+/companion': {},
	'routes/_app+/companies.new': { form: { name: 'New Co', description: 'Makes things' } },
	'routes/_app+/companies.$companyId': { form: { intent: 'delete' } },
	'routes/_app+/contacts._index': {},
	'routes/_app+/contacts.new': { form: { firstName: 'New', lastName: 'Person' } },
	'routes/_app+/contacts.$contactId': { form: { intent: 'delete' } },
	'routes/_app+/contacts.$contactId_.edit': { form: { firstName: 'Hacked', lastName: 'Hacked' } },
	'routes/_app+/contacts.$contactId_.sequences._index': {},
	'routes/_app+/contacts.$contactId_.sequences.generate': { form: { prompt: 'Hello' } },
	'routes/_app+/contacts.$contactId_.sequences.new': { form: { subject: 'Hi', body: 'Hello there' } },
	'routes/_app+/contacts.tag': { form: { intent: 'add' } },
	'routes/_app+/feedback': { form: { type: 'bug', message: 'Broken' } },
	// The Imports page posts multipart forms (a CSV or text file); a plain form gets its 400.
	// Accepts an invitation to the actor's own email only (another organization's invite id: 404).
	'routes/_app+/invitations': { form: { inviteId: 'no-such-invite' } },
	'routes/_app+/imports._index': { form: { intent: 'start-text', text: 'Acme Corp — anvils for coyotes' } },
	'routes/_app+/imports.companies.$importId': { form: { intent: 'clear-filter' } },
	// The Lead scraper's plain form (a text source starts an import) and its progress page's Cancel Import
	// (the sweep's queueableId in the body is the other organization's).
	'routes/_app+/lead-scraper.new': { form: { source: 'TEXT', text: 'Ada Lovelace, CTO at Acme Anvils' } },
	'routes/_app+/lead-scraper.progress': { form: { intent: 'cancel' } },
	// The review of a lead import: saving every new lead (the queue item is the organization's fixture).
	'routes/_app+/lead-scraper.$queueId': { form: { intent: 'save', selection: 'all' } },
	// Contact search's pages (issue 15): find leads at one company (its id in the path), at several
	// (their ids in the body), and a finished search's results — Import Leads and the CSV export.
	'routes/_app+/companies.$companyId_.find-leads': { form: { lookingFor: 'CTO', topX: '3' } },
	'routes/_app+/contact-search.bulk': {
		form: { companyId: 'no-such-company', lookingFor: 'CTO', topX: '3' },
	},
	'routes/_app+/contact-search.$queueId': {
		variants: [{ queueId: 'contactSearch' }],
		form: { intent: 'save', leadId: 'c0-1' },
	},
	'routes/_app+/contact-search.$queueId.export': { variants: [{ queueId: 'contactSearch' }] },
	'routes/_app+/lists._index': { form: { name: 'Fuzz list' } },
	'routes/_app+/lists.$slug': { form: { intent: 'delete' } },
	'routes/_app+/outbox': {},
	'routes/_app+/sequences': {},
	'routes/_app+/sequences.$sequenceId': { form: { intent: 'cancel' } },
	'routes/_app+/sequences_.generations.new': { form: { name: 'Run', prompt: 'Hello' } },
	'routes/_app+/sequences_.generations.$runId': { form: { intent: 'cancel' } },
	// The pre-flight check pages (decision 051); a launch without the box ticked is refused with 400.
	'routes/_app+/sequences_.$sequenceId_.launch': { form: { intent: 'launch' } },
	'routes/_app+/sequences_.generations.$runId_.launch': { form: { intent: 'launch' } },
	'routes/_app+/settings': { form: { intent: 'update-organization', name: 'Renamed' } },
	'routes/_app+/settings_.sending': { form: { intent: 'update-limits', dailyLimitStart: '10' } },
	'routes/_app+/settings_.replies': { form: { NOT_NOW: 'STOP' } },
	'routes/_app+/tasks': { form: { intent: 'complete-task', taskId: 'no-such-task' } },
	'routes/_app+/settings_.linkedin': { form: { intent: 'update-linkedin-settings', premium: 'on' } },
	'routes/_app+/settings_.test-email': { form: { to: 'someone@example.com', subject: 'Hi', body: 'Hello' } },
	// The user's own API tokens (issue 16, decision 041): another organization's token id revokes nothing
	// (tests/integration/api-tokens.test.ts).
	'routes/_app+/settings_.api-tokens': {
		form: { intent: 'create-token', name: 'Fuzz token', scope: 'READ' },
	},
	// Webhooks (issue 16): the endpoint's id in the body (the sweep sends the other organization's there).
	'routes/_app+/settings_.webhooks': { form: { intent: 'test-webhook', webhookId: 'no-such-webhook' } },
	// sign-in
	'routes/_auth+/auth.dev': { form: { email: 'fuzz@example.com' } },
	'routes/_auth+/auth.google': {},
	'routes/_auth+/auth.google.callback': {},
	'routes/_auth+/invitations.$token': {
		skip: { sweep: RANDOM_LINK_TOKEN },
		variants: [{ token: '=forged-token' }],
		form: { inviteId: 'ignored' },
	},
	'routes/_auth+/login': {},
	'routes/_auth+/logout': {},
	// the assistant's endpoints
	'routes/api+/$': {},
	'routes/api+/sequences.background': { json: { contactId: '', prompt: 'Hello' } },
	'routes/api+/sequences.modify': { json: { sequenceId: '', instruction: 'Shorter' } },
	// the JSON API (the spec's section 7)
	'routes/api+/v1+/admin.organizations': { skip: { sweep: ADMIN_AREA } },
	'routes/api+/v1+/admin.organizations.$id.plan': {
		skip: { sweep: ADMIN_AREA },
		variants: [{ id: '=no-such-organization' }],
		json: { planStatus: 'TRIAL' },
	},
	'routes/api+/v1+/admin.campaigns': { skip: { sweep: ADMIN_AREA } },
	'routes/api+/v1+/admin.audit': { skip: { sweep: ADMIN_AREA } },
	'routes/api+/v1+/auth.login': { json: { email: 'someone@example.com' } },
	'routes/api+/v1+/auth.user': {},
	'routes/api+/v1+/calls': {},
	'routes/api+/v1+/calls.$stepId.outcome': {
		variants: [{ stepId: 'phoneCallStep' }],
		json: { outcome: 'CONNECTED', notes: 'Fuzz' },
	},
	'routes/api+/v1+/campaigns': { json: { name: 'Fuzz campaign' } },
	'routes/api+/v1+/campaigns.$campaign.contacts.batch': { json: { contact_ids: 'all' } },
	'routes/api+/v1+/campaigns.$campaign.mailboxes': { json: { mailboxIds: [] } },
	'routes/api+/v1+/companies': { json: { name: 'Fuzz Co', description: 'x' } },
	'routes/api+/v1+/companies.import.csv': { form: { skipCompanyEnrichment: 'true' } },
	'routes/api+/v1+/companies.import.text': {
		json: { text: 'Acme Rockets — rockets for coyotes', skipCompanyEnrichment: true },
	},
	'routes/api+/v1+/companies.save': { json: { companies: [{ name: 'Fuzz Saved Co', description: 'x' }] } },
	// Multipart: the fuzz's multipart bodies carry a junk file; nothing is stored (organization-free).
	'routes/api+/v1+/companies.parse': { form: { columnMapping: '{"name":0,"description":"Description"}' } },
	// A refused port: answered at once, without the network.
	'routes/api+/v1+/companies.enrich': { json: { companies: [{ websiteUrl: 'http://127.0.0.1:1/' }] } },
	'routes/api+/v1+/companies.$id': {
		variants: [{ id: 'company' }],
		json: { name: 'Hacked', description: 'Hacked' },
	},
	'routes/api+/v1+/companies.parse.document': {
		json: { content: '- Acme Robotics — industrial arms (acme-robotics.com)\n- Globex: logistics software' },
	},
	'routes/api+/v1+/contacts': { json: { firstName: 'Fuzz', lastName: 'Person' } },
	'routes/api+/v1+/contacts.$id': {
		variants: [{ id: 'contact' }],
		json: { firstName: 'Hacked', lastName: 'Hacked', email: 'hacked@example.com' },
	},
	'routes/api+/v1+/contacts.$id.sequences': { variants: [{ id: 'contact' }] },
	'routes/api+/v1+/contacts.$id.tag': { variants: [{ id: 'contact' }], json: { tagIds: [] } },
	'routes/api+/v1+/contacts.check-batch': { json: { linkedinUrls: [] } },
	// The lead scraper (issue 14).
	'routes/api+/v1+/contacts.save': {
		json: {
			contacts: [
				{ firstName: 'Fuzz', lastName: 'Lead', companyName: 'Fuzz Lead Co', companyDescription: 'x' },
			],
		},
	},
	'routes/api+/v1+/lead-scraper.$queueId': {},
	'routes/api+/v1+/lead-scraper.analyze-csv': {
		json: { content: 'Name,Looking for\nAda,Head of marketing' },
	},
	'routes/api+/v1+/lead-scraper.import.company': { form: { lookingFor: 'CTO', topX: '3' } },
	'routes/api+/v1+/lead-scraper.import.file': { form: { instructions: 'Only engineers' } },
	// A refused port: the job would fail at once; the start itself touches no other organization.
	'routes/api+/v1+/lead-scraper.import.link': { json: { url: 'http://127.0.0.1:1/team', type: 'LINK' } },
	'routes/api+/v1+/lead-scraper.import.text': { json: { text: 'Ada Lovelace, CTO at Analytical Engines' } },
	'routes/api+/v1+/conversations': {},
	'routes/api+/v1+/filter': {
		json: {
			data: [{ name: 'Acme', description: 'Rockets', employeeCount: 80 }],
			filterInstructions: 'more than 50 employees',
			filterType: 'companies',
		},
	},
	// A sample email for Send Test Email: one of the organization's own sequence emails, or a built-in one.
	'routes/api+/v1+/emails.random': {},
	'routes/api+/v1+/emails': { json: { mailbox_id: '', subject: 'Hello', body: 'Hello there', to: 'a@b.co' } },
	'routes/api+/v1+/linkedin.auth-status': { json: { isAuthenticated: false } },
	// The user's own companion token: per user, no organization's data.
	'routes/api+/v1+/linkedin.companion-token': {},
	// The companion's routes take a bearer token, never the session: the sweeps' sessions get 401
	// (token scoping: tests/integration/linkedin-actions.test.ts).
	'routes/api+/v1+/linkedin.companion.actions.claim': { json: {} },
	'routes/api+/v1+/linkedin.companion.actions.$actionId.report': {
		variants: [{ actionId: '=not-an-action' }],
		json: { claimToken: 'x', result: { outcome: 'PENDING' } },
	},
	'routes/api+/v1+/linkedin.profile': { json: { userDetails: { publicIdentifier: 'fuzz' } } },
	'routes/api+/v1+/linkedin.settings': { json: { premium: true } },
	'routes/api+/v1+/lists': { json: { name: 'Fuzz list' } },
	'routes/api+/v1+/lists.$listId.contacts': { json: { contactIds: 'all' } },
	'routes/api+/v1+/lists.$slug': {},
	'routes/api+/v1+/organizations.invite': { json: { email: 'new@example.com' } },
	'routes/api+/v1+/organizations.invite.$id': { variants: [{ id: 'invite' }] },
	'routes/api+/v1+/organizations.invite.$id.resend': { variants: [{ id: 'invite' }] },
	// Contact search (issue 15, API v2): starts by company facts; the signals of a finished search.
	'routes/api+/v2+/leads.contacts.search': {
		json: { targetCompany: { name: 'Fuzz Co' }, lookingFor: 'CTO', topX: 3 },
	},
	'routes/api+/v2+/leads.contacts.search.bulk': {
		json: { targetCompanies: [{ name: 'Fuzz Co' }], lookingFor: 'CTO', topX: 3 },
	},
	'routes/api+/v2+/leads.contacts.search.$queueableId.signals': {
		variants: [{ queueableId: 'contactSearch' }],
		json: { accepted: ['c0-1'], rejected: [] },
	},
	'routes/api+/v1+/queueables.$id': { variants: [{ id: 'queueable' }], json: { action: 'cancel' } },
	'routes/api+/v1+/science.f': { json: { type: 'bug', message: 'It broke' } },
	// A loopback URL: the fetcher refuses it before any network, so the fuzz never waits on DNS.
	'routes/api+/v1+/scrape-url': { json: { url: 'http://127.0.0.1:1/' } },
	'routes/api+/v1+/sequence-generations': { json: { campaignId: '' } },
	'routes/api+/v1+/sequence-generations.$id': { variants: [{ id: 'generationRun' }] },
	'routes/api+/v1+/sequence-generations.$id.activate': { variants: [{ id: 'generationRun' }] },
	'routes/api+/v1+/sequence-generations.$id.cancel': { variants: [{ id: 'generationRun' }] },
	'routes/api+/v1+/sequence-generations.$id.preflight': { variants: [{ id: 'generationRun' }] },
	'routes/api+/v1+/sequences': { json: { contactId: '' } },
	'routes/api+/v1+/sequences.$id': { variants: [{ id: 'sequence' }], json: { status: 'ACTIVE' } },
	'routes/api+/v1+/sequences.$id.preflight': { variants: [{ id: 'sequence' }] },
	'routes/api+/v1+/sequences.$id.linkedin-steps': { variants: [{ id: 'sequence' }], json: { daysAfter: 1 } },
	'routes/api+/v1+/sequences.$id.linkedin-steps.$stepId': {
		variants: [{ id: 'sequence', stepId: 'linkedInStep' }],
		json: { daysAfter: 1, requestNote: 'Hi' },
	},
	'routes/api+/v1+/sequences.$id.phone-call-steps.$stepId': {
		variants: [{ id: 'sequence', stepId: 'phoneCallStep' }],
		json: { daysAfter: 1 },
	},
	'routes/api+/v1+/sequences.$id.stats': { variants: [{ id: 'sequence' }] },
	'routes/api+/v1+/sequences.$id.ledger': { variants: [{ id: 'sequence' }] },
	'routes/api+/v1+/sequences.$id.steps': {
		variants: [{ id: 'sequence' }],
		json: { daysAfter: 1, body: 'Hi' },
	},
	'routes/api+/v1+/sequences.$id.steps.$stepId': {
		variants: [{ id: 'sequence', stepId: 'emailStep' }],
		json: { daysAfter: 1 },
	},
	'routes/api+/v1+/sequences.reply': { json: { sequenceId: '', body: 'Thanks' } },
	'routes/api+/v1+/ses.email': {},
	'routes/api+/v1+/settings': { json: { summary: 'Hacked' } },
	'routes/api+/v1+/steps.$stepId': { json: { daysAfter: 1 } },
	'routes/api+/v1+/tasks': {},
	'routes/api+/v1+/tasks.$taskId': { json: { done: true } },
	'routes/api+/v1+/settings.reply-actions': { json: { NOT_NOW: 'STOP' } },
	'routes/api+/v1+/tags': { json: { name: 'Fuzz tag' } },
	// Webhooks (issue 16, decision 042). A loopback URL is refused before any DNS or network.
	'routes/api+/v1+/webhooks': { json: { url: 'http://127.0.0.1:1/hook', events: ['step.sent'] } },
	'routes/api+/v1+/webhooks.$webhookId': { json: { enabled: false, events: ['step.bounced'] } },
	'routes/api+/v1+/webhooks.$webhookId.test-event': {},
	'routes/api+/v1+/webhooks.$webhookId.deliveries': {},
	'routes/api+/v1+/tags.$tagId.contacts': { json: { contact_ids: 'all' } },
	// resource routes
	'routes/resources+/candidates.$kind.$group': {
		variants: [
			{ kind: '=campaign', group: 'campaign' },
			{ kind: '=list', group: 'list' },
			{ kind: '=list', group: 'listSlug' },
		],
		form: { intent: 'add', contactIds: '' },
	},
	'routes/resources+/companion[.]zip': {},
	'routes/resources+/contacts.export': { form: { ids: '' } },
	'routes/resources+/documents.parse': {},
	'routes/resources+/healthcheck': {},
	'routes/resources+/outbox.$messageId.reply': { form: { body: 'Thanks' } },
	'routes/resources+/queueables.$id.events': { variants: [{ id: 'queueable' }] },
	'routes/resources+/sequence-generations.events': {},
	'routes/resources+/tags.coverage': { json: { contact_ids: [], tagIds: [] } },
	// public links
	'routes/t.$token': { skip: { sweep: SIGNED_TOKEN } },
	'routes/unsubscribe.$token': { skip: { sweep: SIGNED_TOKEN }, variants: [{ token: '=forged-token' }] },
	'routes/verify-sender.$token': { skip: { sweep: SIGNED_TOKEN }, variants: [{ token: '=forged-token' }] },
}

/**
 * Pages that show most of an organization's data (the contact with its company and tags, the
 * sequence with its steps and mailbox, the sending settings), read after a route's fuzz: a junk value a
 * mutation stored must not break the pages that show it later (a 500 on every visit).
 */
export const CANARY_PAGES: Array<{ routeId: string; variant: Record<string, ParamValue> }> = [
	{ routeId: 'routes/_app+/contacts.$contactId', variant: { contactId: 'contact' } },
	{ routeId: 'routes/_app+/sequences.$sequenceId', variant: { sequenceId: 'sequence' } },
	{ routeId: 'routes/_app+/settings_.sending', variant: {} },
]

/** The routes the fuzz covers (issue 12): the API, the resource routes and every page with a form. */
export function isFuzzed(route: AppRoute) {
	return route.path.startsWith('/api/') || route.path.startsWith('/resources/') || route.hasAction
}

/** The table's entry for a route, or an error that says where to add it. */
export function entryFor(route: AppRoute): RouteEntry {
	const entry = ROUTE_TABLE[route.id]
	if (!entry)
		throw new Error(
			`Route ${route.id} (${route.path}) is not in the reliability sweeps. Add it to ROUTE_TABLE in ` +
				`tests/reliability/route-table.ts: name the fixture kind of each path parameter, or skip it with a reason.`,
		)
	return entry
}

/** The ways to fill a route's path parameters, as fixture kinds or literals. */
export function paramVariants(route: AppRoute): Array<Record<string, ParamValue>> {
	const entry = entryFor(route)
	if (entry.variants) return entry.variants
	if (route.params.length === 0) return [{}]
	const variant: Record<string, ParamValue> = {}
	for (const name of route.params) {
		const kind = PARAM_KINDS[name]
		if (!kind)
			throw new Error(
				`Route ${route.id} (${route.path}) has a path parameter "${name}" of no known kind. Name it in ` +
					`PARAM_KINDS or in the route's variants in tests/reliability/route-table.ts.`,
			)
		variant[name] = kind
	}
	return [variant]
}

/** A route's path with its parameters filled from one organization's ids. */
export function fillPath(route: AppRoute, variant: Record<string, ParamValue>, ids: Record<string, string>) {
	return route.path.replace(/:(\w+)\??/g, (_, name: string) => {
		const value = variant[name]
		if (value === undefined) throw new Error(`No value for :${name} of ${route.id}`)
		return encodeURIComponent(value.startsWith('=') ? value.slice(1) : ids[value]!)
	})
}
