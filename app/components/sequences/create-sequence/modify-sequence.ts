import { notify } from '#app/components/toaster.tsx'
import { apiRequest } from '#app/utils/api-client.ts'

// The assistant's Modify call (POST /api/sequences/modify, same-origin, unversioned). The
// assistant itself is issue 5; this is the client side the spec describes: the organization's
// settings go with the request, and the answer's steps are applied by position.

export const MODIFY_MESSAGES = {
	failed: 'Failed to modify sequence',
	unknown: 'An unknown error occurred',
	settingsFailed: 'Failed to fetch organization settings',
} as const

export type ModifyContact = { id: string; firstName: string; lastName: string; email: string | null }
export type ExistingStep = { id: string; subject: string; body: string; daysAfter: number }
export type ModifiedStep = { subject?: string; body?: string; daysAfter?: number }

type OrganizationSettings = { summary?: unknown; description?: unknown; documents?: unknown }

async function fetchOrganization() {
	const settings = await apiRequest<OrganizationSettings>('/api/v1/settings', {
		fallbackMessage: MODIFY_MESSAGES.settingsFailed,
	})
	return { summary: settings.summary, description: settings.description, documents: settings.documents }
}

/** Asks the assistant to rewrite the steps; null (after an error toast) when it could not. */
export async function modifySequence({
	prompt,
	contact,
	existingSequence,
}: {
	prompt: string
	contact: ModifyContact
	existingSequence: ExistingStep[]
}): Promise<ModifiedStep[] | null> {
	let organization
	try {
		organization = await fetchOrganization()
	} catch {
		notify({ type: 'error', title: MODIFY_MESSAGES.settingsFailed })
		return null
	}
	try {
		const body = await apiRequest<{ steps?: unknown } | null>('/api/sequences/modify', {
			method: 'POST',
			body: { prompt, contact, organization, existingSequence, linkedinSteps: [] },
			fallbackMessage: MODIFY_MESSAGES.unknown,
		})
		const steps = body?.steps
		if (!Array.isArray(steps)) throw new Error(MODIFY_MESSAGES.unknown)
		return steps.filter((step): step is ModifiedStep => Boolean(step) && typeof step === 'object')
	} catch (error) {
		notify({
			type: 'error',
			title: MODIFY_MESSAGES.failed,
			description: error instanceof Error && error.message ? error.message : MODIFY_MESSAGES.unknown,
		})
		return null
	}
}
