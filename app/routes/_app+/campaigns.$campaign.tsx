import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useLoaderData } from '@remix-run/react'
import { Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useAddContacts } from '#app/components/add-contacts/add-contacts.tsx'
import { AnalyticsPanel } from '#app/components/analytics/analytics-panel.tsx'
import {
	SET_MAILBOXES_INTENT,
	SendingMailboxesCard,
} from '#app/components/campaigns/sending-mailboxes-card.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { AddContactsLink, GroupPage } from '#app/components/lists/group-page.tsx'
import { MemberContactsTable } from '#app/components/lists/member-contacts-table.tsx'
import { GenerateSequencesDialog } from '#app/components/sequences/generate-sequences/generate-sequences-dialog.tsx'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { getCampaignAnalytics } from '#app/models/analytics/get-analytics-page.server.ts'
import { addContactsToCampaign } from '#app/models/campaign/campaign-contacts.server.ts'
import {
	CampaignMailboxesError,
	getCampaignMailboxes,
	setCampaignMailboxes,
} from '#app/models/campaign/campaign-mailboxes.server.ts'
import { findCampaign, getCampaignWithContacts } from '#app/models/campaign/campaign.server.ts'
import {
	CAMPAIGN_MAILBOXES_MESSAGES,
	CampaignMailboxesSchema,
	campaignBatchToast,
	formatChannels,
} from '#app/schemas/campaign.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { addContactsFromPicker, groupPageData, membersPage } from './__add-contacts.server.ts'

const ADD_INTENT = 'add-to-campaign'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const members = membersPage(url)
	const campaign = await getCampaignWithContacts(actor.organizationId, params.campaign ?? '', members.window)
	if (!campaign) throw new Response('Campaign not found', { status: 404 })

	// ?add: Add Contacts (search, tags and page in the query string), the form without JavaScript.
	const group = {
		kind: 'campaign' as const,
		id: campaign.id,
		name: campaign.name,
		channels: campaign.channels,
	}
	const [page, analytics, mailboxes] = await Promise.all([
		groupPageData(url, actor.organizationId, group, { ...campaign, page: members.page }),
		getCampaignAnalytics(actor.organizationId, campaign),
		getCampaignMailboxes(actor, campaign.id),
	])
	return { campaign: { ...group, status: campaign.status }, ...page, analytics, mailboxes: mailboxes ?? [] }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const campaign = await findCampaign(actor.organizationId, params.campaign ?? '')
	if (!campaign) throw new Response('Campaign not found', { status: 404 })
	const back = `/campaigns/${campaign.id}`
	const form = await request.clone().formData()
	if (form.get('intent') === SET_MAILBOXES_INTENT) {
		const submission = parseWithZod(form, { schema: CampaignMailboxesSchema })
		if (submission.status !== 'success')
			return redirectWithToast(back, { type: 'error', title: CAMPAIGN_MAILBOXES_MESSAGES.notUsable })
		try {
			await setCampaignMailboxes(actor, campaign.id, submission.value.mailboxIds)
		} catch (error) {
			if (!(error instanceof CampaignMailboxesError)) throw error
			return redirectWithToast(back, { type: 'error', title: error.message })
		}
		return redirectWithToast(back, { type: 'success', title: CAMPAIGN_MAILBOXES_MESSAGES.saved })
	}
	return addContactsFromPicker(request, {
		back,
		intent: ADD_INTENT,
		add: async (selection, filter) =>
			campaignBatchToast(await addContactsToCampaign(actor.organizationId, campaign, selection, filter)),
	})
}

export default function CampaignRoute() {
	const { campaign, contacts, total, contactsPage, add, analytics, mailboxes } =
		useLoaderData<typeof loader>()
	const [generating, setGenerating] = useState(false)
	const base = `/campaigns/${campaign.id}`
	const addContacts = useAddContacts({
		group: { kind: 'campaign', id: campaign.id, name: campaign.name },
		base,
		intent: ADD_INTENT,
		panel: add,
	})
	const generateQuery = new URLSearchParams({ campaignId: campaign.id }).toString()

	return (
		<GroupPage
			backTo="/campaigns"
			backLabel="Campaigns"
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
					<AddContactsLink
						onClick={(event) => {
							// With JavaScript: the Add Contacts dialog; without, the form on this page.
							event.preventDefault()
							addContacts.open()
						}}
					/>
				</>
			}
		>
			{addContacts.element}
			<AnalyticsPanel
				title="Campaign analytics"
				data={analytics}
				moreHref={`/analytics?${new URLSearchParams({ campaign: campaign.id, from: analytics.period.from, to: analytics.period.to })}`}
			/>
			<SendingMailboxesCard mailboxes={mailboxes} />
			<MemberContactsTable
				label="Campaign contacts"
				rows={contacts}
				total={total}
				page={contactsPage}
				base={base}
				emptyMessage="No contacts in this campaign yet. Add some with Add Contacts."
			/>
			<GenerateSequencesDialog query={generateQuery} open={generating} onOpenChange={setGenerating} />
		</GroupPage>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `${data.campaign.name} · Campaigns · Reachout` : 'Campaign · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
