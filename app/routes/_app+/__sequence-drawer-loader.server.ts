import { data } from '@remix-run/node'
import { listConversation } from '#app/models/conversation/conversation.server.ts'
import { replyWatchForMailbox } from '#app/models/mailbox/reply-watch.server.ts'
import { BOUNCE_REASON } from '#app/models/conversation/reply-detection.server.ts'
import { noteLimitMessageFor } from '#app/models/linkedin/linkedin-account-settings.server.ts'
import { getSequenceTimeline } from '#app/models/sequence/sequence-timeline.server.ts'
import { getSequence, type SequenceDetail } from '#app/models/sequence/sequence.server.ts'
import { getStepSchedule } from '#app/models/sequence/step-schedule.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import { hasPhoneCalls } from '#app/models/user/feature-flags.server.ts'
import { getStepHistories } from '#app/models/step-ledger/step-histories.server.ts'
import { type DrawerData, type DrawerLoaderData, type StepHistoryLine } from '#app/schemas/sequence-drawer.ts'

// The sequence drawer's data (sequences.$sequenceId.tsx's loader, also loaded by the View
// Sequences dialog's fetcher), with the drawer's own address and the list's under it.

type StepSchedule = NonNullable<Awaited<ReturnType<typeof getStepSchedule>>>

function toDrawerData(
	detail: SequenceDetail,
	schedule: StepSchedule,
	messages: DrawerData['messages'],
	timeline: DrawerData['timeline'],
	readOnly: boolean,
	repliesDetected: boolean,
	noteLimitMessage: string | null,
	phoneCalls: boolean,
	histories: Map<string, StepHistoryLine[]>,
): DrawerData {
	const history = (stepId: string) => histories.get(stepId) ?? []
	return {
		readOnly,
		messages,
		timeline,
		sequence: {
			id: detail.id,
			status: detail.status,
			subject: detail.subject,
			progress: detail.progress,
			failureReason: detail.failureReason,
			generatedBy: detail.generatedBy,
			fromEmail: detail.fromEmail,
			contact: detail.contact,
			phoneCallStepCount: detail.phoneCallSteps.length,
			phoneCallSteps: phoneCalls
				? detail.phoneCallSteps.map((step) => ({
						id: step.id,
						history: history(step.id),
						order: step.order,
						talkingPoints: step.talkingPoints,
						daysAfter: step.daysAfter,
						status: step.status,
						plannedAt: step.status === 'SCHEDULED' ? (step.scheduledFor?.toISOString() ?? null) : null,
						completedAt: step.completedAt?.toISOString() ?? null,
						outcome: step.outcome,
						notes: step.notes,
					}))
				: [],
			repliesDetected,
			noteLimitMessage,
			timeZones: schedule.timeZones,
			emailSteps: detail.emailSteps.map((step) => ({
				id: step.id,
				history: history(step.id),
				order: step.order,
				subject: step.subject,
				body: step.body,
				bodyText: step.bodyText,
				proseMirrorJson: step.proseMirrorJson,
				daysAfter: step.daysAfter,
				status: step.status,
				failureReason: step.failureReason,
				sendAttempts: step.sendAttempts,
				lastError: step.lastError,
				retryable:
					step.status === 'FAILED' &&
					detail.status === 'FAILED' &&
					detail.failureReason === step.failureReason &&
					step.failureReason !== BOUNCE_REASON,
				clicked: step.clicked,
				...timing(schedule.steps.get(step.id)),
			})),
			linkedInSteps: detail.linkedInSteps.map((step) => {
				const metadata = step.metadata as {
					conversationId?: unknown
					noteDropped?: unknown
					alreadyConnected?: unknown
				} | null
				return {
					id: step.id,
					history: history(step.id),
					order: step.order,
					username: step.username,
					linkedinUrl: step.linkedinUrl,
					requestNote: step.requestNote,
					message: step.message,
					daysAfter: step.daysAfter,
					status: step.status,
					repliedContent: step.repliedContent,
					conversationId: typeof metadata?.conversationId === 'string' ? metadata.conversationId : null,
					scheduledFor: step.scheduledFor?.toISOString() ?? null,
					sentAt: step.sentAt?.toISOString() ?? null,
					acceptedAt: step.acceptedAt?.toISOString() ?? null,
					repliedAt: step.repliedAt?.toISOString() ?? null,
					nextCheckAt: step.nextCheckAt?.toISOString() ?? null,
					failureReason: step.failureReason,
					lastError: step.lastError,
					noteDropped: metadata?.noteDropped === true,
					alreadyConnected: metadata?.alreadyConnected === true,
				}
			}),
		},
	}
}

function timing(step: ReturnType<StepSchedule['steps']['get']>) {
	return {
		plannedAt: step?.plannedAt?.toISOString() ?? null,
		sentAt: step?.sentAt?.toISOString() ?? null,
		hold: step?.hold ?? null,
	}
}

const DRAWER_PARAMS = ['edit', 'confirm', 'kind', 'step', 'permissions']

/** The drawer's own address without the one-off parameters (editor, confirmations). */
function drawerPath(url: URL) {
	const search = new URLSearchParams(url.search)
	for (const name of DRAWER_PARAMS) search.delete(name)
	const query = search.toString()
	return `${url.pathname}${query ? `?${query}` : ''}`
}

/** The list under the drawer, with its filter and page. */
function listPath(url: URL) {
	const search = new URLSearchParams()
	for (const name of ['status', 'page']) {
		const value = url.searchParams.get(name)
		if (value) search.set(name, value)
	}
	const query = search.toString()
	return `/sequences${query ? `?${query}` : ''}`
}

/** The drawer's data for the sequence at `url` (404 with data when the organization has no such sequence). */
export async function loadDrawer(actor: Actor, sequenceId: string, url: URL) {
	const [detail, schedule, phoneCalls] = await Promise.all([
		getSequence(actor.organizationId, sequenceId),
		getStepSchedule(actor.organizationId, sequenceId),
		hasPhoneCalls(actor.userId),
	])
	const page = {
		returnTo: drawerPath(url),
		closeTo: listPath(url),
		editId: url.searchParams.get('edit'),
		confirm: url.searchParams.get('confirm'),
		confirmKind: url.searchParams.get('kind'),
		confirmStepId: url.searchParams.get('step'),
		permissions: url.searchParams.get('permissions') === 'google',
	}
	// 404 with data, not thrown: the View Sequences fetcher shows "not found" in the drawer
	// instead of the page behind it falling into its error boundary.
	if (!detail || !schedule)
		return data({ drawer: null, ...page } satisfies DrawerLoaderData & typeof page, { status: 404 })
	const replied = detail.emailSteps.some((step) => step.status === 'REPLIED')
	const sent = detail.emailSteps.some((step) => ['SENT', 'REPLIED', 'FAILED'].includes(step.status))
	const thread = (sent ? await listConversation(actor.organizationId, detail.id) : null) ?? []
	// Before a reply, the drawer shows the steps and, under them, the automatic replies (out of office…).
	const messages = replied ? thread : thread.filter((message) => message.automatic)
	// A platform administrator may look at a sequence read-only (?admin).
	const readOnly = actor.isPlatformAdmin && url.searchParams.has('admin')
	const drawerMessages = messages.map((message) => ({
		id: message.id,
		type: message.type,
		from: message.from,
		date: message.date.toISOString(),
		body: message.body,
		isFromUser: message.isFromUser,
		automatic: message.automatic,
		intent: message.intent,
	}))
	const [watch, events, noteLimitMessage, histories] = await Promise.all([
		replyWatchForMailbox(detail.mailboxId),
		getSequenceTimeline(actor.organizationId, detail.id),
		detail.linkedInSteps.length ? noteLimitMessageFor(actor.organizationId, detail.id) : null,
		getStepHistories(actor.organizationId, detail.id),
	])
	const repliesDetected = watch !== 'none'
	const timeline = (events ?? []).map((event) => ({ ...event, at: event.at.toISOString() }))
	return {
		drawer: toDrawerData(
			detail,
			schedule,
			drawerMessages,
			timeline,
			readOnly,
			repliesDetected,
			noteLimitMessage,
			phoneCalls,
			histories,
		),
		...page,
	}
}
