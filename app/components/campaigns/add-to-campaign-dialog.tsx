import { Search } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { type BulkDialogProps } from '#app/components/lists/add-to-list-dialog.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { useDebouncedValue } from '#app/components/tags/use-debounced-value.ts'
import { Button } from '#app/components/ui/button.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { contactsAddedToCampaignMessage, formatChannels } from '#app/schemas/campaign.ts'
import { cn } from '#app/utils/misc.ts'
import {
	addContactsToCampaignRequest,
	type CampaignOption,
	fetchCampaigns,
	skippedDescription,
} from './campaigns-client.ts'

const SEARCH_DEBOUNCE_MS = 50

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
	const [campaigns, setCampaigns] = useState<CampaignOption[] | null>(null)
	const [loadError, setLoadError] = useState<string | null>(null)
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
	const [selectedId, setSelectedId] = useState<string | null>(null)
	const [adding, setAdding] = useState(false)

	useEffect(() => {
		const controller = new AbortController()
		fetchCampaigns(controller.signal)
			.then((outcome) => {
				if (outcome.ok) setCampaigns(outcome.data)
				else setLoadError(outcome.message ?? 'Failed to load campaigns')
			})
			.catch(() => {})
		return () => controller.abort()
	}, [])

	const visible = useMemo(() => {
		const query = debouncedSearch.trim().toLowerCase()
		return (campaigns ?? []).filter((campaign) => !query || campaign.name.toLowerCase().includes(query))
	}, [campaigns, debouncedSearch])
	const selected = campaigns?.find((campaign) => campaign.id === selectedId) ?? null

	return (
		<>
			<div className="relative">
				<Search
					className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
					aria-hidden="true"
				/>
				<Input
					type="search"
					aria-label="Search campaigns"
					placeholder="Search campaigns"
					className="pl-9"
					value={search}
					onChange={(event) => setSearch(event.currentTarget.value)}
				/>
			</div>
			<div
				role="radiogroup"
				aria-label="Campaigns"
				className="max-h-72 divide-y overflow-y-auto rounded-md border"
			>
				{campaigns === null && !loadError ? (
					Array.from({ length: 4 }, (_, index) => (
						<div key={index} className="p-3">
							<Skeleton className="h-5 w-2/3" />
						</div>
					))
				) : loadError ? (
					<p className="p-3 text-sm text-destructive">{loadError}</p>
				) : visible.length === 0 ? (
					<p className="p-3 text-sm text-muted-foreground">
						{campaigns?.length
							? 'No campaigns match your search'
							: 'No campaigns yet: create one on the Campaigns page'}
					</p>
				) : (
					visible.map((campaign) => (
						<label
							key={campaign.id}
							className={cn(
								'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/50',
								campaign.id === selectedId && 'bg-muted',
							)}
						>
							<input
								type="radio"
								name="campaignId"
								value={campaign.id}
								checked={campaign.id === selectedId}
								onChange={() => setSelectedId(campaign.id)}
								className="size-4 accent-primary"
							/>
							<span className="min-w-0 flex-1">
								<span className="block truncate font-medium">{campaign.name}</span>
								<span className="block text-xs text-muted-foreground">
									{formatChannels(campaign.channels)} · {campaign.contactCount.toLocaleString('en-US')}{' '}
									contacts
								</span>
							</span>
							<CampaignStatusBadge status={campaign.status} />
						</label>
					))
				)}
			</div>
			<DialogFooter>
				<Button type="button" variant="outline" onClick={onClose}>
					Cancel
				</Button>
				<Button
					type="button"
					disabled={!selected || adding}
					onClick={async () => {
						if (!selected) return
						setAdding(true)
						await onAdd(selected)
						setAdding(false)
					}}
				>
					{adding ? 'Adding…' : 'Add to campaign'}
				</Button>
			</DialogFooter>
		</>
	)
}
