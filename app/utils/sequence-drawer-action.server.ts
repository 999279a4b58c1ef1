import { data, redirect } from '@remix-run/node'
import {
	type DrawerActionResult,
	type DrawerData,
} from '#app/components/sequences/sequence-drawer/drawer-types.ts'
import { type DrawerLoaderData } from '#app/components/sequences/sequence-drawer/sequence-drawer.tsx'
import { DELETE_SEQUENCE_CONFIRM } from '#app/components/sequences/sequence-drawer/step-delete.tsx'
import { GoogleScopeError, PermanentDeliveryError } from '#app/integrations/mail/transport.server.ts'
import { cancelSequenceGenerations } from '#app/models/assistant/cancel-generation.server.ts'
import { listConversation, sendReply } from '#app/models/conversation/conversation.server.ts'
import {
	addEmailStep,
	addLinkedInStep,
	deleteEmailStep,
	deleteLinkedInStep,
	updateEmailStep,
	updateLinkedInStep,
} from '#app/models/sequence/sequence-steps.server.ts'
import { changeSequenceStatus, SequenceRuleError } from '#app/models/sequence/sequence-status.server.ts'
import { deleteSequence, getSequence, type SequenceDetail } from '#app/models/sequence/sequence.server.ts'
import { RequestNoteSchema, SEQUENCE_MESSAGES } from '#app/schemas/sequence.ts'
import { IntentSchema, ModifiedStepsSchema, type Intent } from '#app/schemas/sequence-drawer.ts'
import { type Actor } from '#app/utils/auth.server.ts'
import { EditorStateSchema } from '#app/utils/editor-json/editor-state.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast, type ToastInput } from '#app/utils/toast.server.ts'

// The sequence drawer's server side (app/routes/_app+/sequences.$sequenceId.tsx). The loader is
// the drawer's data (also loaded by the View Sequences dialog's fetcher); the action takes every
// change the drawer makes, one intent per form. Fetchers send mode=fetcher and get data (a success
// toast rides on the flash cookie, a refusal's toast in the answer); plain forms come back to the
// drawer (returnTo), or to the list (closeTo) when the change closes it.

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

type Outcome = {
	ok: boolean
	/** A flash toast (success) or, for fetchers, the refusal's toast in the answer. */
	toast?: ToastInput & { title: string }
	status?: number
	/** The change closes the drawer (activated, sequence deleted). */
	closes?: boolean
	error?: string
	message?: string
	sequenceDeleted?: boolean
	/** Without JavaScript: come back to the drawer with these parameters (a confirmation). */
	returnParams?: Record<string, string>
}

function success(title: string, extra: Partial<Outcome> = {}): Outcome {
	return { ok: true, toast: { type: 'success', title }, ...extra }
}

/** A rule's refusal as the spec's toast (with the rule's reason); anything else is a real error. */
function failure(title: string, error: unknown): Outcome {
	if (error instanceof SequenceRuleError) {
		return {
			ok: false,
			status: error.status,
			message: error.message,
			toast: { type: 'error', title, description: error.message },
		}
	}
	throw error
}

/** Runs the intent the drawer posted and answers as its fetchers (data) or plain forms (a redirect) expect. */
export async function runDrawerAction(actor: Actor, sequenceId: string, formData: FormData) {
	const fetcherMode = formData.get('mode') === 'fetcher'
	const returnTo = safeRedirectTo(formData.get('returnTo'), `/sequences/${encodeURIComponent(sequenceId)}`)
	const closeToValue = formData.get('closeTo')
	const closeTo = closeToValue ? safeRedirectTo(closeToValue, '/sequences') : null

	const parsed = IntentSchema.safeParse(Object.fromEntries(formData))
	const outcome: Outcome = parsed.success
		? await runIntent(parsed.data, {
				organizationId: actor.organizationId,
				userId: actor.userId,
				sequenceId,
				fetcherMode,
			})
		: {
				ok: false,
				status: 400,
				message: parsed.error.issues[0]?.message ?? 'Invalid request',
				toast: { type: 'error', title: parsed.error.issues[0]?.message ?? 'Invalid request' },
			}
	const intent = parsed.success ? parsed.data.intent : String(formData.get('intent') ?? '')
	const result: DrawerActionResult = {
		ok: outcome.ok,
		intent,
		...(outcome.message ? { message: outcome.message } : {}),
		...(outcome.error ? { error: outcome.error } : {}),
		...(outcome.sequenceDeleted ? { sequenceDeleted: true } : {}),
	}

	if (fetcherMode) {
		if (outcome.ok && outcome.closes && closeTo) return redirectWithToast(closeTo, outcome.toast!)
		if (!outcome.ok) {
			const toast = outcome.toast
				? { title: outcome.toast.title, description: outcome.toast.description }
				: undefined
			return data({ ...result, ...(toast ? { toast } : {}) }, { status: outcome.status ?? 400 })
		}
		return outcome.toast ? dataWithToast(result, outcome.toast) : data(result)
	}
	// Without JavaScript every answer is a redirect, so a reload never posts twice.
	let target = outcome.ok && outcome.closes ? (closeTo ?? '/sequences') : returnTo
	if (outcome.returnParams) {
		const url = new URL(target, 'http://drawer')
		for (const [name, value] of Object.entries(outcome.returnParams)) url.searchParams.set(name, value)
		target = `${url.pathname}${url.search}`
	}
	return outcome.toast ? redirectWithToast(target, outcome.toast) : redirect(target)
}

async function runIntent(
	intent: Intent,
	{
		organizationId,
		userId,
		sequenceId,
		fetcherMode,
	}: { organizationId: string; userId: string; sequenceId: string; fetcherMode: boolean },
): Promise<Outcome> {
	switch (intent.intent) {
		case 'activate':
		case 'pause':
		case 'cancel': {
			const status =
				intent.intent === 'activate' ? 'ACTIVE' : intent.intent === 'pause' ? 'PAUSED' : 'CANCELLED'
			try {
				await changeSequenceStatus({ organizationId, sequenceId, status })
				return success('Sequence updated successfully', { closes: intent.intent === 'activate' })
			} catch (error) {
				if (error instanceof GoogleScopeError) {
					// The client opens the permissions dialog (no toast); a plain form shows the same request on the page.
					return {
						ok: false,
						status: 403,
						error: 'GoogleScopeError',
						message: error.message,
						returnParams: { permissions: 'google' },
					}
				}
				return failure('Failed to update sequence', error)
			}
		}
		case 'delete': {
			// Plain forms confirm on the drawer's page first; the dialog already asked.
			if (!fetcherMode && !intent.confirmed)
				return { ok: false, status: 400, returnParams: { confirm: 'delete' } }
			// One still being generated takes its pending job with it.
			const deleted =
				(await cancelSequenceGenerations(organizationId, [sequenceId])) > 0 ||
				(await deleteSequence(organizationId, sequenceId))
			if (!deleted) return notFound('Failed to delete')
			return success('Sequence deleted', { closes: true, sequenceDeleted: true })
		}
		case 'cancel-generation': {
			if ((await cancelSequenceGenerations(organizationId, [sequenceId])) > 0)
				return success('Generation cancelled', { closes: true, sequenceDeleted: true })
			// Written (or failed) meanwhile, or not this organization's: nothing to cancel.
			const exists = await getSequence(organizationId, sequenceId)
			if (!exists) return notFound('Failed to cancel generation')
			return {
				ok: false,
				status: 409,
				message: GENERATION_FINISHED,
				toast: { type: 'error', title: 'Failed to cancel generation', description: GENERATION_FINISHED },
			}
		}
		case 'add-step':
			try {
				if (intent.kind === 'email') {
					await addEmailStep(organizationId, sequenceId, { daysAfter: intent.daysAfter })
					return { ok: true }
				}
				await addLinkedInStep(organizationId, sequenceId, { daysAfter: intent.daysAfter })
				return success('LinkedIn step added')
			} catch (error) {
				return failure(intent.kind === 'email' ? 'Failed to add step' : 'Failed to add LinkedIn step', error)
			}
		case 'delete-step': {
			const remove = intent.kind === 'email' ? deleteEmailStep : deleteLinkedInStep
			const title = intent.kind === 'email' ? 'Failed to delete step' : 'Failed to remove step'
			if (
				!intent.confirmed &&
				(await removalDeletesSequence(organizationId, sequenceId, intent.kind, intent.stepId))
			) {
				// The last step takes the sequence with it: ask first (the drawer's dialog sends confirmed=true).
				return {
					ok: false,
					status: 409,
					message: DELETE_SEQUENCE_CONFIRM.title,
					toast: fetcherMode
						? { type: 'error', title, description: DELETE_SEQUENCE_CONFIRM.message }
						: undefined,
					returnParams: { confirm: 'delete-step', kind: intent.kind, step: intent.stepId },
				}
			}
			try {
				const { sequenceDeleted } = await remove(organizationId, sequenceId, intent.stepId)
				return sequenceDeleted
					? success('Sequence deleted', { closes: true, sequenceDeleted: true })
					: success('Step removed')
			} catch (error) {
				return failure(title, error)
			}
		}
		case 'update-step-timing':
			try {
				if (intent.kind === 'email') {
					await updateEmailStep(organizationId, sequenceId, intent.stepId, { daysAfter: intent.daysAfter })
				} else {
					await updateLinkedInStep(organizationId, sequenceId, intent.stepId, { daysAfter: intent.daysAfter })
				}
				return success('Step updated')
			} catch (error) {
				// A refused timing (422) shows the server's own message.
				if (error instanceof SequenceRuleError && error.status === 422) {
					return {
						ok: false,
						status: 422,
						message: error.message,
						toast: { type: 'error', title: error.message },
					}
				}
				return failure('Failed to update', error)
			}
		case 'update-step-subject':
			try {
				await updateEmailStep(organizationId, sequenceId, intent.stepId, {
					subject: intent.subject,
					updateAllSteps: true,
				})
				return success('Step updated')
			} catch (error) {
				return failure('Failed to update step', error)
			}
		case 'update-step-body': {
			const json = intent.proseMirrorJson ? EditorStateSchema.safeParse(intent.proseMirrorJson) : null
			if (json && !json.success) return invalid('Failed to update step', json.error.issues[0]?.message)
			if (!json && !intent.body?.trim())
				return invalid('Failed to update step', SEQUENCE_MESSAGES.bodyRequired)
			try {
				await updateEmailStep(
					organizationId,
					sequenceId,
					intent.stepId,
					json?.success ? { proseMirrorJson: json.data } : { body: intent.body ?? '' },
				)
				return success('Step updated')
			} catch (error) {
				return failure('Failed to update step', error)
			}
		}
		case 'update-linkedin-note': {
			const note = RequestNoteSchema.safeParse(intent.requestNote)
			if (!note.success) return invalid(SEQUENCE_MESSAGES.requestNoteTooLong)
			try {
				await updateLinkedInStep(organizationId, sequenceId, intent.stepId, { requestNote: note.data })
				return success('Step updated')
			} catch (error) {
				return failure('Failed to save changes', error)
			}
		}
		case 'update-linkedin-message':
			try {
				await updateLinkedInStep(organizationId, sequenceId, intent.stepId, { message: intent.message })
				return success('Step updated')
			} catch (error) {
				return failure('Failed to save changes', error)
			}
		case 'reply':
			return reply(organizationId, userId, sequenceId, intent.body)
		case 'apply-modification':
			return applyModification(organizationId, sequenceId, intent.steps)
	}
}

const GENERATION_FINISHED = 'The sequence is no longer being generated.'

function invalid(title: string, description?: string): Outcome {
	return {
		ok: false,
		status: 400,
		message: description ?? title,
		toast: { type: 'error', title, description },
	}
}

function notFound(title: string): Outcome {
	return { ...invalid(title, SEQUENCE_MESSAGES.sequenceNotFound), status: 404 }
}

/** Whether removing this step removes the sequence (its last email step, or its very last step). */
async function removalDeletesSequence(
	organizationId: string,
	sequenceId: string,
	kind: 'email' | 'linkedin',
	stepId: string,
) {
	const sequence = await getSequence(organizationId, sequenceId)
	if (!sequence) return false
	const emails = sequence.emailSteps.filter((step) => step.id !== stepId).length
	if (kind === 'email') return sequence.emailSteps.some((step) => step.id === stepId) && emails === 0
	const others =
		sequence.linkedInSteps.filter((step) => step.id !== stepId).length + sequence.phoneCallSteps.length
	return sequence.linkedInSteps.some((step) => step.id === stepId) && emails + others === 0
}

/**
 * Reply errors (spec): the server's text — a rule's or the provider's refusal — else the spec's
 * "An unknown error occurred" (an unexpected failure is logged, not shown).
 */
async function reply(
	organizationId: string,
	userId: string,
	sequenceId: string,
	body: string,
): Promise<Outcome> {
	try {
		await sendReply({ organizationId, userId, sequenceId, body })
		return { ok: true }
	} catch (error) {
		if (error instanceof GoogleScopeError) {
			return {
				ok: false,
				status: 403,
				error: 'GoogleScopeError',
				message: error.message,
				returnParams: { permissions: 'google' },
			}
		}
		const known = error instanceof SequenceRuleError || error instanceof PermanentDeliveryError
		if (!known) console.error('Sending a reply failed', error)
		const message = known && error.message ? error.message : 'An unknown error occurred'
		const status = error instanceof SequenceRuleError ? error.status : known ? 422 : 502
		return { ok: false, status, message, toast: { type: 'error', title: message } }
	}
}

/**
 * The assistant's answer applied to the email steps by position: body and timing to each, the
 * subject to the first only (it goes to every step, as a subject edit does).
 */
async function applyModification(
	organizationId: string,
	sequenceId: string,
	stepsJson: string,
): Promise<Outcome> {
	let raw: unknown
	try {
		raw = JSON.parse(stepsJson)
	} catch {
		return invalid('Failed to modify sequence')
	}
	const parsed = ModifiedStepsSchema.safeParse(raw)
	if (!parsed.success) return invalid('Failed to modify sequence', parsed.error.issues[0]?.message)
	const sequence = await getSequence(organizationId, sequenceId)
	if (!sequence) return notFound('Failed to modify sequence')
	try {
		for (const [index, step] of sequence.emailSteps.entries()) {
			const change = parsed.data[index]
			if (!change) break
			if (index === 0 && change.subject) {
				await updateEmailStep(organizationId, sequenceId, step.id, {
					subject: change.subject,
					updateAllSteps: true,
				})
			}
			if (change.body?.trim())
				await updateEmailStep(organizationId, sequenceId, step.id, { body: change.body })
			if (change.daysAfter !== undefined) {
				await updateEmailStep(organizationId, sequenceId, step.id, { daysAfter: change.daysAfter })
			}
		}
		return success('Sequence updated successfully')
	} catch (error) {
		return failure('Failed to modify sequence', error)
	}
}
