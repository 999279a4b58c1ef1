import { type SaveLeadsSummary, SaveLeadsRefusal } from '#app/models/lead-import/save-leads.server.ts'
import { type LeadSaveReply } from '#app/schemas/lead-review.ts'
import { actionFailure } from '#app/utils/intent-action.server.ts'
import { dataWithToast, redirectWithToast } from '#app/utils/toast.server.ts'

// How a page answers a save of leads (the lead review, contact search's Import Leads): the dialog
// (`reply=data`) gets a LeadSaveReply with the toast; a plain form is sent back to the page with it,
// the warnings after the success message. A save that saved nothing is a refusal.

export function leadSaveAnswers(here: string, wantsData: boolean) {
	async function refuse(message: string) {
		if (wantsData) return actionFailure({ status: 'refused', message } satisfies LeadSaveReply, 400, message)
		return redirectWithToast(here, { type: 'error', title: message })
	}

	async function answer(save: () => Promise<SaveLeadsSummary>) {
		let summary: SaveLeadsSummary
		try {
			summary = await save()
		} catch (error) {
			if (error instanceof SaveLeadsRefusal) return refuse(error.message)
			throw error
		}
		if (summary.successCount + summary.existingCount === 0) return refuse(summary.message)
		if (wantsData) {
			const reply: LeadSaveReply = { status: 'saved', message: summary.message, warnings: summary.warnings }
			return dataWithToast(reply, { type: 'success', title: summary.message })
		}
		// Without JavaScript one flash message carries it all: the warnings follow the toast.
		return redirectWithToast(here, {
			type: 'success',
			title: summary.message,
			...(summary.warnings.length ? { description: summary.warnings.join(' • ') } : {}),
		})
	}

	return { refuse, answer }
}
