import { type BulkDialogProps, GroupChoiceDialog } from '#app/components/contacts/group-radio-list.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { notify } from '#app/components/toaster.tsx'
import { campaignBatchToast, formatChannels } from '#app/schemas/campaign.ts'
import { addContactsToCampaignRequest, type CampaignOption, fetchCampaigns } from './campaigns-client.ts'

/**
 * Add the contacts screen's selection to a campaign: choose the campaign, then one request.
 * Contacts failing the campaign's channel rules are skipped and reported.
 */
export function AddToCampaignDialog({
	open,
	onOpenChange,
	selection,
	filter,
	excludeIds,
	contactCount,
	onAdded,
}: BulkDialogProps) {
	return (
		<GroupChoiceDialog<CampaignOption>
			open={open}
			onOpenChange={onOpenChange}
			noun="campaign"
			contactCount={contactCount}
			load={fetchCampaigns}
			emptyMessage="No campaigns yet: create one on the Campaigns page"
			renderDetails={(campaign) => (
				<>
					<span className="min-w-0 flex-1">
						<span className="block truncate font-medium">{campaign.name}</span>
						<span className="block text-xs text-muted-foreground">
							{formatChannels(campaign.channels)} · {campaign.contactCount.toLocaleString('en-US')} contacts
						</span>
					</span>
					<CampaignStatusBadge status={campaign.status} />
				</>
			)}
			onAdd={async (campaign) => {
				const result = await addContactsToCampaignRequest(campaign.id, selection, filter, {
					excludeIds,
					fallbackMessage: 'Failed to add contacts to campaign. Please try again.',
				})
				notify(campaignBatchToast(result))
				onAdded?.()
			}}
		/>
	)
}
