import { findPlaceholders } from '#app/models/assistant/draft-rules.ts'
import { mailboxDailyLimit } from '#app/models/mailbox/mailbox.server.ts'
import { calendarDay } from '#app/models/mailbox/mailbox-limits.server.ts'
import { anchorUrls } from '#app/models/tracking/anchor-links.ts'
import { pickTimeZone } from '#app/models/sequence/send-window.ts'
import { sendWindowOf } from '#app/models/sequence/step-plan.ts'
import { type WebFetcher } from '#app/integrations/web/web-fetcher.server.ts'
import {
	type CalendarStepView,
	PREFLIGHT_LISTED_PROBLEMS,
	PREFLIGHT_LISTED_RECIPIENTS,
	type PreflightCheck,
	type PreflightProblem,
	type PreflightProblemKind,
} from '#app/schemas/preflight.ts'
import { prisma } from '#app/utils/db.server.ts'
import { checkLinks, linksOfText } from './link-check.server.ts'
import { type CalendarStep, computeSendCalendar, formatLocalSend } from './send-calendar.ts'

/**
 * The pre-flight check of a launch (decision 051): the drafts it would start, read in a few
 * set-based queries scoped to the organization, then the send calendar, the links (through the
 * safe fetcher) and every problem with its fix. Nothing is written.
 */

export type PreflightTarget = PreflightCheck['target']

export type PreflightOptions = { now?: Date; fetcher?: WebFetcher; checkLinks?: boolean }

type SequenceRow = {
	id: string
	contactId: string
	firstName: string
	lastName: string
	email: string | null
	contactTimeZone: string | null
	unsubscribedAt: Date | null
	emailBouncedAt: Date | null
	mailboxId: string | null
	creatorId: string | null
	creatorName: string | null
	linkedinConnected: boolean
	otherSequenceId: string | null
}

type StepRow = {
	id: string
	sequenceId: string
	kind: 'email' | 'linkedin' | 'phone'
	order: number
	daysAfter: number
	subject: string
	html: string
	text: string
	mailboxId: string | null
}

/** The check of these drafts (PENDING sequences of the organization; others are ignored). */
export async function runPreflightCheck(
	organizationId: string,
	target: PreflightTarget,
	sequenceIds: string[],
	options: PreflightOptions = {},
): Promise<PreflightCheck> {
	const now = options.now ?? new Date()
	const organization = await prisma.organization.findUniqueOrThrow({
		where: { id: organizationId },
		select: {
			timeZone: true,
			sendWindowEnabled: true,
			sendWindowDays: true,
			sendWindowStart: true,
			sendWindowEnd: true,
		},
	})
	// The ids join as a set (unnest), so 10,000 drafts are a hash join, not 10,000 × 10,000 comparisons.
	// Another ACTIVE or PAUSED sequence is never one of this launch's drafts (those are PENDING).
	const sequences = await prisma.$queryRaw<SequenceRow[]>`
		SELECT s.id, s."contactId", c."firstName", c."lastName", c.email, c."timeZone" AS "contactTimeZone",
			c."unsubscribedAt", c."emailBouncedAt", s."mailboxId", s."creatorId", u.name AS "creatorName",
			(u."linkedinConnectedAt" IS NOT NULL AND u."linkedinAuthEncrypted" IS NOT NULL) AS "linkedinConnected",
			(SELECT o.id FROM "Sequence" o WHERE o."contactId" = s."contactId" AND o."organizationId" = ${organizationId}
				AND o.status IN ('ACTIVE', 'PAUSED') ORDER BY o."createdAt" DESC LIMIT 1) AS "otherSequenceId"
		FROM unnest(${sequenceIds}::text[]) AS picked(id)
		JOIN "Sequence" s ON s.id = picked.id
		JOIN "Contact" c ON c.id = s."contactId"
		LEFT JOIN "User" u ON u.id = s."creatorId"
		WHERE s."organizationId" = ${organizationId} AND s.status = 'PENDING'
		ORDER BY c."firstName", c."lastName", s.id`
	const ids = sequences.map((sequence) => sequence.id)
	const steps = await prisma.$queryRaw<StepRow[]>`
		WITH picked AS (SELECT unnest(${ids}::text[]) AS id)
		SELECT e.id, e."sequenceId", 'email' AS kind, e."order", e."daysAfter", e.subject, e."bodyHtml" AS html,
			e."bodyText" AS text, e."emailAddressId" AS "mailboxId"
		FROM picked JOIN "EmailStep" e ON e."sequenceId" = picked.id WHERE e.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		UNION ALL
		SELECT l.id, l."sequenceId", 'linkedin', l."order", l."daysAfter", '', '', concat_ws(E'\n', l."requestNote", l.message), NULL
		FROM picked JOIN "LinkedInStep" l ON l."sequenceId" = picked.id WHERE l.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		UNION ALL
		SELECT p.id, p."sequenceId", 'phone', p."order", p."daysAfter", '', '', '', NULL
		FROM picked JOIN "PhoneCallStep" p ON p."sequenceId" = picked.id WHERE p.status IN ('PENDING', 'DRAFT', 'SCHEDULED')
		ORDER BY 2, 3, 4`
	const mailboxes = await prisma.mailbox.findMany({
		where: { organizationId },
		select: {
			id: true,
			address: true,
			dailyLimitStart: true,
			dailyLimitIncrement: true,
			dailyLimitMax: true,
			warmupStartedAt: true,
			usage: { where: { day: calendarDay(organization.timeZone, now) }, select: { sentCount: true } },
		},
	})

	const stepsBySequence = new Map<string, StepRow[]>()
	for (const step of steps) {
		const own = stepsBySequence.get(step.sequenceId)
		if (own) own.push(step)
		else stepsBySequence.set(step.sequenceId, [step])
	}
	const problems: PreflightProblem[] = []
	const add = (problem: PreflightProblem) => problems.push(problem)
	const linkUses = new Map<string, Array<{ sequence: SequenceRow; step: StepRow }>>()

	for (const sequence of sequences) {
		const contact = contactName(sequence)
		const own = stepsBySequence.get(sequence.id) ?? []
		const sequenceUrl = `/sequences/${sequence.id}`
		const contactUrl = `/contacts/${sequence.contactId}/edit`
		const hasEmail = own.some((step) => step.kind === 'email')
		const at = { sequenceId: sequence.id, contact }
		if (hasEmail && !sequence.email?.trim()) {
			add({
				kind: 'no_email',
				...at,
				message: `${contact} has no email address.`,
				fix: 'Add an email address to the contact, or leave the contact out of this launch.',
				fixUrl: contactUrl,
			})
		} else if (hasEmail && sequence.unsubscribedAt) {
			add({
				kind: 'unsubscribed',
				...at,
				message: `${contact} unsubscribed on ${day(sequence.unsubscribedAt)}: no email will be sent.`,
				fix: 'Leave this contact out: they asked not to be emailed. Delete this draft.',
				fixUrl: sequenceUrl,
			})
		} else if (hasEmail && sequence.emailBouncedAt) {
			add({
				kind: 'bounced',
				...at,
				message: `Email to ${sequence.email} bounced on ${day(sequence.emailBouncedAt)}.`,
				fix: 'Correct the contact’s email address, or leave the contact out.',
				fixUrl: contactUrl,
			})
		}
		if (sequence.otherSequenceId) {
			add({
				kind: 'already_in_sequence',
				...at,
				message: `${contact} is already in another active sequence.`,
				fix: 'Pause or cancel the other sequence first, or leave this contact out so they do not get two threads.',
				fixUrl: `/sequences/${sequence.otherSequenceId}`,
			})
		}
		if (own.some((step) => step.kind === 'linkedin') && !sequence.linkedinConnected) {
			const owner = sequence.creatorName ? `${sequence.creatorName}’s` : 'The sequence owner’s'
			add({
				kind: 'linkedin_not_connected',
				...at,
				message: `${owner} LinkedIn account is not connected, so the LinkedIn steps for ${contact} cannot be carried out.`,
				fix: 'Connect LinkedIn with the Chrome companion in Settings → LinkedIn, or remove the LinkedIn steps.',
				fixUrl: '/settings/linkedin',
			})
		}
		for (const step of own) {
			const label = stepLabel(step)
			const written = [step.subject, step.text, step.kind === 'email' ? stripTags(step.html) : ''].join('\n')
			const leftovers = [...new Set(findPlaceholders(written))]
			if (leftovers.length > 0) {
				add({
					kind: 'placeholder',
					...at,
					message: `${label} for ${contact} still has ${leftovers.map((p) => `“${p}”`).join(', ')}.`,
					fix: 'Replace the placeholder with the real words in the step, or remove it.',
					fixUrl: sequenceUrl,
				})
			}
			if (EMPTY_GREETING.test(written)) {
				add({
					kind: 'empty_variable',
					...at,
					message: `${label} for ${contact} greets nobody (“${written.match(EMPTY_GREETING)![0].trim()}”): a name was left empty.`,
					fix: 'Write the contact’s name in the greeting, or add the missing name to the contact.',
					fixUrl: sequenceUrl,
				})
			}
			const urls = new Set([
				...(step.kind === 'email' ? anchorUrls(step.html) : []),
				...linksOfText(step.text),
			])
			for (const url of urls) {
				const uses = linkUses.get(url)
				if (uses) uses.push({ sequence, step })
				else linkUses.set(url, [{ sequence, step }])
			}
		}
	}

	let links = { checked: 0, unchecked: 0 }
	if (options.checkLinks !== false && linkUses.size > 0) {
		const { verdicts, unchecked } = await checkLinks(linkUses.keys(), { fetcher: options.fetcher })
		links = { checked: verdicts.size, unchecked }
		for (const [url, verdict] of verdicts) {
			if (verdict.ok) continue
			for (const { sequence, step } of linkUses.get(url)!) {
				const contact = contactName(sequence)
				const at = { sequenceId: sequence.id, contact, fixUrl: `/sequences/${sequence.id}` }
				if (verdict.kind === 'broken_link') {
					add({
						kind: 'broken_link',
						...at,
						message: `The link ${url} in ${stepLabel(step)} for ${contact} does not work: ${verdict.reason}.`,
						fix: 'Correct the link in the step, or remove it.',
					})
				} else {
					add({
						kind: 'unexpected_redirect',
						...at,
						message: `The link ${url} in ${stepLabel(step)} for ${contact} leads to another site: ${verdict.finalUrl}.`,
						fix: 'Check that this is where you mean to send people, and link straight to that page.',
					})
				}
			}
		}
	}

	const window = sendWindowOf(organization)
	const calendar = computeSendCalendar({
		now,
		window,
		organizationTimeZone: organization.timeZone,
		recipients: sequences.map((sequence) => ({
			sequenceId: sequence.id,
			timeZone: pickTimeZone(sequence.contactTimeZone, organization.timeZone),
			steps: (stepsBySequence.get(sequence.id) ?? []).map((step): CalendarStep => ({
				id: step.id,
				kind: step.kind,
				order: step.order,
				daysAfter: step.daysAfter,
			})),
			mailboxIdOf: (step) => {
				const row = stepsBySequence.get(sequence.id)!.find((s) => s.id === step.id)
				return row?.mailboxId ?? sequence.mailboxId
			},
		})),
		mailboxes: mailboxes.map((mailbox) => ({
			id: mailbox.id,
			address: mailbox.address,
			capOn: (dayStart) => mailboxDailyLimit(mailbox, dayStart),
			sentToday: mailbox.usage[0]?.sentCount ?? 0,
		})),
	})
	if (calendar.unplaceable > 0) {
		const capped =
			calendar.mailboxes.length > 0
				? mailboxes.filter((m) => mailboxDailyLimit(m, now) === 0).map((m) => m.address)
				: []
		add({
			kind: 'never_sends',
			message: `${calendar.unplaceable.toLocaleString('en-US')} ${calendar.unplaceable === 1 ? 'email finds' : 'emails find'} no room under ${capped.length > 0 ? capped.join(', ') : 'the mailbox'}’s daily cap within a year: ${calendar.unplaceable === 1 ? 'it' : 'they'} would never go out.`,
			fix: 'Raise the mailbox’s daily cap in Settings → Sending, or send from another mailbox.',
			fixUrl: '/settings/sending',
		})
	}

	const problemCounts: Partial<Record<PreflightProblemKind, number>> = {}
	for (const problem of problems) problemCounts[problem.kind] = (problemCounts[problem.kind] ?? 0) + 1
	const names = new Map(sequences.map((sequence) => [sequence.id, contactName(sequence)]))
	const stepById = new Map(steps.map((step) => [step.id, step]))
	const zones = new Map<string, { recipients: number; first: Date | null; last: Date | null }>()
	for (const recipient of calendar.recipients) {
		const zone = zones.get(recipient.timeZone) ?? { recipients: 0, first: null, last: null }
		zone.recipients++
		for (const step of recipient.steps) {
			if (!zone.first || step.at < zone.first) zone.first = step.at
			if (!zone.last || step.at > zone.last) zone.last = step.at
		}
		zones.set(recipient.timeZone, zone)
	}
	return {
		target,
		checkedAt: now.toISOString(),
		sequences: sequences.length,
		problems: problems.slice(0, PREFLIGHT_LISTED_PROBLEMS),
		problemCounts,
		totalProblems: problems.length,
		links,
		calendar: {
			firstSendAt: calendar.firstSendAt?.toISOString() ?? null,
			lastSendAt: calendar.lastSendAt?.toISOString() ?? null,
			lastSendLocal: calendar.lastSendAt ? formatLocalSend(calendar.lastSendAt, organization.timeZone) : null,
			organizationTimeZone: organization.timeZone,
			window: describeWindow(window),
			deferredByCap: calendar.deferredByCap,
			mailboxes: calendar.mailboxes
				.filter((mailbox) => mailbox.emails > 0)
				.map(({ address, emails, days }) => ({ address, emails, days })),
			timeZones: [...zones]
				.sort((a, b) => b[1].recipients - a[1].recipients || a[0].localeCompare(b[0]))
				.map(([timeZone, zone]) => ({
					timeZone,
					recipients: zone.recipients,
					firstSend: zone.first ? formatLocalSend(zone.first, timeZone) : null,
					lastSend: zone.last ? formatLocalSend(zone.last, timeZone) : null,
				})),
			recipients: calendar.recipients.slice(0, PREFLIGHT_LISTED_RECIPIENTS).map((recipient) => ({
				sequenceId: recipient.sequenceId,
				contact: names.get(recipient.sequenceId) ?? '',
				timeZone: recipient.timeZone,
				steps: recipient.steps.map((step): CalendarStepView => ({
					label: stepLabel(stepById.get(step.id)!),
					kind: step.kind,
					at: step.at.toISOString(),
					local: formatLocalSend(step.at, recipient.timeZone),
					hold: step.hold,
				})),
			})),
		},
	}
}

// "Hi ," "Dear  ," "Hello !" — a greeting whose name variable came out empty.
const EMPTY_GREETING = /^[ \t]*(hi|hello|hey|dear|good (?:morning|afternoon|evening))[ \t]+[,!:]/im

function contactName(sequence: Pick<SequenceRow, 'firstName' | 'lastName' | 'email'>) {
	return (
		[sequence.firstName, sequence.lastName].filter((part) => part?.trim()).join(' ') ||
		sequence.email ||
		'A contact'
	)
}

function stepLabel(step: Pick<StepRow, 'kind' | 'order'>) {
	if (step.kind === 'email')
		return step.order === 1 ? 'the Initial Email' : `Follow-up Email ${step.order - 1}`
	if (step.kind === 'linkedin') return `LinkedIn step ${step.order}`
	return `Phone call ${step.order}`
}

function stripTags(html: string) {
	return html.replace(/<[^>]*>/g, ' ')
}

function day(date: Date) {
	return date.toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: 'UTC',
	})
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

function describeWindow(window: ReturnType<typeof sendWindowOf>) {
	if (!window.enabled || window.days.length === 0) return 'Any time'
	const clock = (minutes: number) =>
		`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
	const days = [...window.days]
		.sort()
		.map((d) => WEEKDAY_NAMES[d - 1])
		.join(', ')
	return `${days}, ${clock(window.start)}–${clock(window.end)} in each recipient’s time zone`
}
