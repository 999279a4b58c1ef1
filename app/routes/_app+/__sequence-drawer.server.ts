import { data, redirect } from '@remix-run/node'
import { type Actor } from '#app/models/session/auth.server.ts'
import { type DrawerActionResult, IntentSchema, type Intent } from '#app/schemas/sequence-drawer.ts'
import { actionFailure, runIntent, type IntentHandlers } from '#app/utils/intent-action.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'
import { type DrawerContext, invalid, type Outcome } from './__sequence-drawer-outcome.server.ts'
import { replyToThread } from './__sequence-drawer-reply.server.ts'
import {
	cancelGeneration,
	changeStatus,
	correctIntent,
	deleteWholeSequence,
	markReplied,
	retryStep,
} from './__sequence-drawer-status.server.ts'
import {
	applyModification,
	updateLinkedInMessage,
	updateLinkedInNote,
	updatePhoneTalkingPoints,
	updateStepBody,
	updateStepSubject,
} from './__sequence-drawer-step-content.server.ts'
import { addStep, deleteStep, updateStepTiming } from './__sequence-drawer-steps.server.ts'

// The sequence drawer's action (sequences.$sequenceId.tsx): every change the drawer makes, one
// intent per form, each run by its handler below. Fetchers send mode=fetcher and get data (a
// success toast rides on the flash cookie, a refusal's toast in the answer); plain forms come
// back to the drawer (returnTo), or to the list (closeTo) when the change closes it.

const drawerHandlers: IntentHandlers<Intent, DrawerContext, Outcome> = {
	activate: changeStatus,
	pause: changeStatus,
	cancel: changeStatus,
	delete: deleteWholeSequence,
	'cancel-generation': cancelGeneration,
	'add-step': addStep,
	'delete-step': deleteStep,
	'update-step-timing': updateStepTiming,
	'update-step-subject': updateStepSubject,
	'update-step-body': updateStepBody,
	'update-linkedin-note': updateLinkedInNote,
	'update-linkedin-message': updateLinkedInMessage,
	'update-phone-talking-points': updatePhoneTalkingPoints,
	reply: replyToThread,
	'mark-replied': markReplied,
	'correct-reply-intent': correctIntent,
	'retry-step': retryStep,
	'apply-modification': applyModification,
}

/** Runs the intent the drawer posted and answers as its fetchers (data) or plain forms (a redirect) expect. */
export async function runDrawerAction(actor: Actor, sequenceId: string, formData: FormData) {
	const fetcherMode = formData.get('mode') === 'fetcher'
	const returnTo = safeRedirectTo(formData.get('returnTo'), `/sequences/${encodeURIComponent(sequenceId)}`)
	const closeToValue = formData.get('closeTo')
	const closeTo = closeToValue ? safeRedirectTo(closeToValue, '/sequences') : null

	const parsed = IntentSchema.safeParse(Object.fromEntries(formData))
	const outcome: Outcome = parsed.success
		? await runIntent(drawerHandlers, parsed.data, {
				organizationId: actor.organizationId,
				userId: actor.userId,
				email: actor.email,
				sequenceId,
				fetcherMode,
			})
		: invalid(parsed.error.issues[0]?.message ?? 'Invalid request')
	const intent = parsed.success ? parsed.data.intent : String(formData.get('intent') ?? '')
	const result: DrawerActionResult = {
		ok: outcome.ok,
		intent,
		...(outcome.message ? { message: outcome.message } : {}),
		...(outcome.error ? { error: outcome.error } : {}),
		...(outcome.sequenceDeleted ? { sequenceDeleted: true } : {}),
	}

	if (outcome.redirectTo) return redirect(outcome.redirectTo)
	if (fetcherMode) {
		if (outcome.ok && outcome.closes && closeTo) return redirectWithToast(closeTo, outcome.toast!)
		if (!outcome.ok) {
			const toast = outcome.toast
				? { title: outcome.toast.title, description: outcome.toast.description }
				: undefined
			return actionFailure({ ...result, ...(toast ? { toast } : {}) }, outcome.status ?? 400)
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
