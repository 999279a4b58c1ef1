import { toast } from 'sonner'

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

function errorText(body: unknown) {
	if (!body || typeof body !== 'object') return null
	const { error, message } = body as { error?: unknown; message?: unknown }
	// Our API's `error` is a code; its `message` is what a person reads.
	if (typeof message === 'string' && message) return message
	return typeof error === 'string' && error ? error : null
}

async function fetchOrganization() {
	const response = await fetch('/api/v1/settings', { headers: { Accept: 'application/json' } })
	if (!response.ok) throw new Error(MODIFY_MESSAGES.settingsFailed)
	const settings = (await response.json()) as {
		summary?: unknown
		description?: unknown
		documents?: unknown
	}
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
		toast.error(MODIFY_MESSAGES.settingsFailed)
		return null
	}
	try {
		const response = await fetch('/api/sequences/modify', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify({ prompt, contact, organization, existingSequence, linkedinSteps: [] }),
		})
		const body: unknown = await response.json().catch(() => null)
		const steps = (body as { steps?: unknown } | null)?.steps
		if (!response.ok || !Array.isArray(steps)) {
			toast.error(MODIFY_MESSAGES.failed, { description: errorText(body) ?? MODIFY_MESSAGES.unknown })
			return null
		}
		return steps.filter((step): step is ModifiedStep => Boolean(step) && typeof step === 'object')
	} catch (error) {
		toast.error(MODIFY_MESSAGES.failed, {
			description: error instanceof Error && error.message ? error.message : MODIFY_MESSAGES.unknown,
		})
		return null
	}
}
