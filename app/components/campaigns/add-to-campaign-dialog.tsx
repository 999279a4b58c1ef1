import {
	GroupChoiceFooter,
	GroupRadioList,
	GroupSearchInput,
	useGroupChoice,
} from '#app/components/contacts/group-radio-list.tsx'
import { toast } from 'sonner'
import { type BulkDialogProps } from '#app/components/lists/add-to-list-dialog.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { contactsAddedToCampaignMessage, formatChannels } from '#app/schemas/campaign.ts'
import {
	addContactsToCampaignRequest,
	type CampaignOption,
	fetchCampaigns,
	skippedDescription,
} from './campaigns-client.ts'

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
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="max-w-lg">
				<DialogHeader>
					<DialogTitle>Add to Campaign</DialogTitle>
					<DialogDescription>
						Add {contactCount.toLocaleString('en-US')} {contactCount === 1 ? 'contact' : 'contacts'} to a
						campaign.
					</DialogDescription>
				</DialogHeader>
				{open ? (
					<ChooseCampaign
						onClose={() => onOpenChange(false)}
						onAdd={async (campaign) => {
							const outcome = await addContactsToCampaignRequest(campaign.id, selection, filter, excludeIds)
							if (!outcome.ok) {
								toast.error(outcome.message ?? 'Failed to add contacts to campaign. Please try again.')
								return
							}
							const result = outcome.data
							const message = contactsAddedToCampaignMessage(result.added)
							const description = skippedDescription(result)
							if (result.added === 0 && result.skippedCount) toast.error(message, { description })
							else toast.success(message, { description })
							onAdded?.()
							onOpenChange(false)
						}}
					/>
				) : null}
			</DialogContent>
		</Dialog>
	)
}

function ChooseCampaign({
	onAdd,
	onClose,
}: {
	onAdd: (campaign: CampaignOption) => Promise<void>
	onClose: () => void
}) {
	const {
		groups: campaigns,
		loadError,
		search,
		setSearch,
		visible,
		selectedId,
		setSelectedId,
		selected,
	} = useGroupChoice(fetchCampaigns, 'Failed to load campaigns')

	return (
		<>
			<GroupSearchInput label="Search campaigns" value={search} onChange={setSearch} />
			<GroupRadioList
				label="Campaigns"
				name="campaignId"
				groups={campaigns}
				visible={visible}
				loadError={loadError}
				selectedId={selectedId}
				onSelect={setSelectedId}
				emptyMessage="No campaigns yet: create one on the Campaigns page"
				noMatchMessage="No campaigns match your search"
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
			/>
			<GroupChoiceFooter selected={selected} addLabel="Add to campaign" onAdd={onAdd} onClose={onClose} />
		</>
	)
}
