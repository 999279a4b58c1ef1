import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { ArrowLeft, Sparkles, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { AddContactsDialog } from '#app/components/campaigns/add-contacts-dialog.tsx'
import { skippedDescription } from '#app/components/campaigns/campaigns-client.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ContactPickerPanel, pickerSelection } from '#app/components/lists/contact-picker-panel.tsx'
import { MemberContactsTable } from '#app/components/lists/member-contacts-table.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { GenerateSequencesDialog } from '#app/components/sequences/generate-sequences/generate-sequences-dialog.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import {
	addContactsToCampaign,
	listCampaignCandidates,
} from '#app/models/campaign/campaign-contacts.server.ts'
import { findCampaign, getCampaignWithContacts } from '#app/models/campaign/campaign.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { contactsAddedToCampaignMessage, formatChannels } from '#app/schemas/campaign.ts'
import { CONTACTS_PAGE_SIZE, contactFilterFromSearchParams } from '#app/schemas/contact-filter.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const ADD_INTENT = 'add-to-campaign'

function pageParam(value: string | null) {
	const page = Number(value)
	return Number.isInteger(page) && page > 1 ? page - 1 : 0
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const contactsPage = pageParam(url.searchParams.get('contactsPage'))
	const campaign = await getCampaignWithContacts(actor.organizationId, params.campaign ?? '', {
		take: CONTACTS_PAGE_SIZE,
		skip: contactsPage * CONTACTS_PAGE_SIZE,
	})
	if (!campaign) throw new Response('Campaign not found', { status: 404 })

	// ?add: the Add Contacts form without JavaScript (search, tags and page in the query string).
	let add = null
	if (url.searchParams.has('add')) {
		const filter = contactFilterFromSearchParams(url.searchParams)
		const page = pageParam(url.searchParams.get('page'))
		const { data, total } = await listCampaignCandidates(actor.organizationId, campaign, filter, {
			take: CONTACTS_PAGE_SIZE,
			skip: page * CONTACTS_PAGE_SIZE,
		})
		add = {
			search: filter.search ?? '',
			tags: filter.tags,
			page,
			total,
			rows: data.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
		}
	}
	return {
		campaign: {
			id: campaign.id,
			name: campaign.name,
			channels: campaign.channels,
			status: campaign.status,
		},
		contacts: campaign.contacts.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
		total: campaign.total,
		contactsPage,
		add,
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const campaign = await findCampaign(actor.organizationId, params.campaign ?? '')
	if (!campaign) throw new Response('Campaign not found', { status: 404 })
	const back = `/campaigns/${campaign.id}`
	const formData = await request.formData()
	if (formData.get('intent') !== ADD_INTENT)
		return redirectWithToast(back, { type: 'error', title: 'Unknown action' })
	const { selection, filter } = pickerSelection(formData)
	if (selection !== 'all' && selection.length === 0) {
		return redirectWithToast(`${back}?add=1`, { type: 'error', title: 'Select at least one contact' })
	}
	const result = await addContactsToCampaign(actor.organizationId, campaign, selection, filter)
	return redirectWithToast(back, {
		type: result.added === 0 && result.skippedCount ? 'error' : 'success',
		title: contactsAddedToCampaignMessage(result.added),
		description: skippedDescription(result),
	})
}

export default function CampaignRoute() {
	const { campaign, contacts, total, contactsPage, add } = useLoaderData<typeof loader>()
	const revalidator = useRevalidator()
	const [dialogOpen, setDialogOpen] = useState(false)
	const [generating, setGenerating] = useState(false)
	const base = `/campaigns/${campaign.id}`
	const generateQuery = new URLSearchParams({ campaignId: campaign.id }).toString()

	function addHref(page: number) {
		const params = new URLSearchParams({ add: '1' })
		if (add?.search) params.set('search', add.search)
		if (add?.tags.length) params.set('tags', add.tags.join(','))
		if (page > 0) params.set('page', String(page + 1))
		return `${base}?${params}`
	}

	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
			<Link
				to="/campaigns"
				className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
			>
				<ArrowLeft className="size-4" aria-hidden="true" />
				Campaigns
			</Link>
			<PageHeader
				className="mb-0"
				title={campaign.name}
				description={
					<span className="inline-flex items-center gap-2">
						<CampaignStatusBadge status={campaign.status} />
						<span>Channels: {formatChannels(campaign.channels)}</span>
						<span aria-hidden="true">·</span>
						<span>{total.toLocaleString('en-US')} contacts</span>
					</span>
				}
				actions={
					<>
						<Link
							to={`/sequences/generations/new?${generateQuery}`}
							className={buttonVariants({ variant: 'outline' })}
							onClick={(event) => {
								// With JavaScript: the Generate Sequences dialog; without, its page.
								event.preventDefault()
								setGenerating(true)
							}}
						>
							<Sparkles aria-hidden="true" />
							Generate Sequences
						</Link>
						<Link
							to="?add=1"
							className={buttonVariants()}
							onClick={(event) => {
								// With JavaScript: the Add Contacts dialog; without, the form on this page.
								event.preventDefault()
								setDialogOpen(true)
							}}
						>
							<UserPlus aria-hidden="true" />
							Add Contacts
						</Link>
					</>
				}
			/>
			{add ? (
				<ContactPickerPanel
					heading="Add Contacts"
					intent={ADD_INTENT}
					rows={add.rows}
					total={add.total}
					page={add.page}
					search={add.search}
					tags={add.tags}
					closeHref={base}
					pageHref={addHref}
				/>
			) : null}
			<MemberContactsTable
				label="Campaign contacts"
				rows={contacts}
				total={total}
				page={contactsPage}
				pageHref={(page) => (page > 0 ? `${base}?contactsPage=${page + 1}` : base)}
				emptyMessage="No contacts in this campaign yet. Add some with Add Contacts."
			/>
			<GenerateSequencesDialog query={generateQuery} open={generating} onOpenChange={setGenerating} />
			<AddContactsDialog
				open={dialogOpen}
				onOpenChange={setDialogOpen}
				campaign={campaign}
				onAdded={() => revalidator.revalidate()}
			/>
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.campaign.name} · Campaigns · Reachout` : 'Campaign · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
