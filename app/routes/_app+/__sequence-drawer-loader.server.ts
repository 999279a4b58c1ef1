import { data } from '@remix-run/node'
import { listConversation } from '#app/models/conversation/conversation.server.ts'
import { BOUNCE_REASON } from '#app/models/conversation/reply-detection.server.ts'
import { getSequence, type SequenceDetail } from '#app/models/sequence/sequence.server.ts'
import { type Actor } from '#app/models/session/auth.server.ts'
import { type DrawerData, type DrawerLoaderData } from '#app/schemas/sequence-drawer.ts'

// The sequence drawer's data (sequences.$sequenceId.tsx's loader, also loaded by the View
// Sequences dialog's fetcher), with the drawer's own address and the list's under it.

function toDrawerData(
	detail: SequenceDetail,
	messages: DrawerData['messages'],
	readOnly: boolean,
): DrawerData {
	return {
		readOnly,
		messages,
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
			emailSteps: detail.emailSteps.map((step) => ({
				id: step.id,
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
			})),
			linkedInSteps: detail.linkedInSteps.map((step) => {
				const metadata = step.metadata as { conversationId?: unknown } | null
				return {
					id: step.id,
					order: step.order,
					username: step.username,
					linkedinUrl: step.linkedinUrl,
					requestNote: step.requestNote,
					message: step.message,
					daysAfter: step.daysAfter,
					status: step.status,
					repliedContent: step.repliedContent,
					conversationId: typeof metadata?.conversationId === 'string' ? metadata.conversationId : null,
				}
			}),
		},
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
	const detail = await getSequence(actor.organizationId, sequenceId)
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
	if (!detail)
		return data({ drawer: null, ...page } satisfies DrawerLoaderData & typeof page, { status: 404 })
	const replied = detail.emailSteps.some((step) => step.status === 'REPLIED')
	const messages = (replied ? await listConversation(actor.organizationId, detail.id) : null) ?? []
	// A platform administrator may look at a sequence read-only (?admin).
	const readOnly = actor.isPlatformAdmin && url.searchParams.has('admin')
	const drawerMessages = messages.map((message) => ({
		id: message.id,
		type: message.type,
		from: message.from,
		date: message.date.toISOString(),
		body: message.body,
		isFromUser: message.isFromUser,
	}))
	return { drawer: toDrawerData(detail, drawerMessages, readOnly), ...page }
}
