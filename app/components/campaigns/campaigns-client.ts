import { type CampaignBatchResult } from '#app/schemas/campaign.ts'
import { type ContactFilter, contactBulkFilterBody } from '#app/schemas/contact-filter.ts'
import { apiRequest } from '#app/utils/api-client.ts'

// The browser's calls to the campaigns API; a failure throws ApiError with the server's message.

export type CampaignOption = {
	id: string
	name: string
	channels: string[]
	status: string
	contactCount: number
}

export async function fetchCampaigns(signal?: AbortSignal) {
	const body = await apiRequest<{ data: CampaignOption[] }>('/api/v1/campaigns', {
		signal,
		fallbackMessage: 'Failed to load campaigns',
	})
	return body.data
}

export function addContactsToCampaignRequest(
	campaignId: string,
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	{ excludeIds, fallbackMessage }: { excludeIds?: string[]; fallbackMessage: string },
) {
	return apiRequest<CampaignBatchResult>(
		`/api/v1/campaigns/${encodeURIComponent(campaignId)}/contacts/batch`,
		{
			method: 'POST',
			body: { contact_ids: selection, ...contactBulkFilterBody(selection, filter, excludeIds) },
			fallbackMessage,
		},
	)
}
