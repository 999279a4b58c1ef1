import { bulkSelectionBody, requestJson } from '#app/components/lists/lists-client.ts'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'

// The browser's calls to the campaigns API, with the server's message on failure.

export type CampaignOption = {
	id: string
	name: string
	channels: string[]
	status: string
	contactCount: number
}

export type CampaignBatchResult = {
	added: number
	skipped: Array<{ id: string; reason: string }>
	skippedCount: number
}

export async function fetchCampaigns(signal?: AbortSignal) {
	const outcome = await requestJson<{ data: CampaignOption[] }>('/api/v1/campaigns', { signal })
	return outcome.ok ? { ok: true as const, data: outcome.data.data } : outcome
}

export function addContactsToCampaignRequest(
	campaignId: string,
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	excludeIds?: string[],
) {
	return requestJson<CampaignBatchResult>(
		`/api/v1/campaigns/${encodeURIComponent(campaignId)}/contacts/batch`,
		{
			method: 'POST',
			body: JSON.stringify({ contact_ids: selection, ...bulkSelectionBody(selection, filter, excludeIds) }),
		},
	)
}

/** "3 contacts skipped: Email is required - …" when some failed the channel rules. */
export function skippedDescription(result: CampaignBatchResult) {
	if (!result.skippedCount) return undefined
	const reasons = [...new Set(result.skipped.map((skip) => skip.reason))]
	const count = `${result.skippedCount} ${result.skippedCount === 1 ? 'contact' : 'contacts'} skipped`
	return reasons.length ? `${count}: ${reasons.join(' ')}` : `${count} (channel rules)`
}
