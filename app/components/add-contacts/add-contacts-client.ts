import { addContactsToCampaignRequest } from '#app/components/campaigns/campaigns-client.ts'
import { addContactsToListRequest } from '#app/components/lists/lists-client.ts'
import { type CandidateGroupKind } from '#app/schemas/add-contacts.ts'
import { campaignBatchToast } from '#app/schemas/campaign.ts'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { contactsAddedToListMessage } from '#app/schemas/list.ts'

/** The list or campaign the Add Contacts dialog adds to. */
export type AddContactsGroup = { kind: CandidateGroupKind; id: string; name: string }

/** What an add did, the same for both kinds: the contacts it refused (campaign rules) and its toast. */
export type AddContactsOutcome = {
	added: number
	skipped: Array<{ id: string; reason: string }>
	toast: { type: 'success' | 'error'; title: string; description?: string }
}

/**
 * Adds a selection to the group through its JSON API (a bulk action over a selection the server
 * expands, decision 011); a failure throws ApiError with the server's message.
 */
export async function addContactsRequest(
	group: AddContactsGroup,
	selection: 'all' | string[],
	filter: Partial<ContactFilter>,
	excludeIds?: string[],
): Promise<AddContactsOutcome> {
	if (group.kind === 'list') {
		const { added } = await addContactsToListRequest(group.id, selection, filter, excludeIds)
		return { added, skipped: [], toast: { type: 'success', title: contactsAddedToListMessage(added) } }
	}
	const result = await addContactsToCampaignRequest(group.id, selection, filter, {
		excludeIds,
		fallbackMessage: 'Failed to add contacts. Please try again.',
	})
	return { added: result.added, skipped: result.skipped, toast: campaignBatchToast(result) }
}
