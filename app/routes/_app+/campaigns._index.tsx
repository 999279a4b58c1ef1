import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Megaphone, Plus } from 'lucide-react'
import { useState } from 'react'
import {
	CAMPAIGN_NAME_QUESTION,
	CampaignNameDialog,
	CampaignNameForm,
	CREATE_CAMPAIGN_INTENT,
} from '#app/components/campaigns/campaign-name-dialog.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { CampaignStatusBadge } from '#app/components/status-badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { createCampaign, listCampaigns } from '#app/models/campaign/campaign.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { CreateCampaignSchema, formatChannels } from '#app/schemas/campaign.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const campaigns = await listCampaigns(actor.organizationId)
	return {
		campaigns: campaigns.map((campaign) => ({ ...campaign, createdAt: campaign.createdAt.toISOString() })),
		// ?new shows the name form on the page (the way in without JavaScript).
		showNewForm: new URL(request.url).searchParams.has('new'),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const formData = await request.formData()
	if (formData.get('intent') !== CREATE_CAMPAIGN_INTENT) return data({ result: null }, { status: 400 })
	const submission = parseWithZod(formData, { schema: CreateCampaignSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const campaign = await createCampaign(actor.organizationId, actor.userId, submission.value)
	return redirectWithToast(`/campaigns/${campaign.id}`, {
		type: 'success',
		title: 'Campaign created',
		description: campaign.name,
	})
}

export default function CampaignsRoute() {
	const { campaigns, showNewForm } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [dialogOpen, setDialogOpen] = useState(false)
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
			<PageHeader
				className="mb-0"
				title="Campaigns"
				description="Group contacts into campaigns and reach them by email and LinkedIn."
				actions={
					<Link
						to="?new"
						className={buttonVariants()}
						onClick={(event) => {
							event.preventDefault()
							setDialogOpen(true)
						}}
					>
						<Plus aria-hidden="true" />
						New campaign
					</Link>
				}
			/>
			{showNewForm ? (
				<Card>
					<CardHeader>
						<CardTitle className="text-lg">{CAMPAIGN_NAME_QUESTION}</CardTitle>
					</CardHeader>
					<CardContent>
						<CampaignNameForm
							id="campaign-name-page"
							lastResult={actionData?.result}
							secondaryAction={
								<Link to="/campaigns" className={buttonVariants({ variant: 'outline' })}>
									Cancel
								</Link>
							}
						/>
					</CardContent>
				</Card>
			) : null}
			<CampaignsTable campaigns={campaigns} />
			{/* The dialog stays open while its form posts, so a refusal shows its errors there. */}
			<CampaignNameDialog
				open={dialogOpen}
				onOpenChange={setDialogOpen}
				lastResult={showNewForm ? undefined : actionData?.result}
			/>
		</div>
	)
}

function CampaignsTable({
	campaigns,
}: {
	campaigns: Array<{
		id: string
		name: string
		channels: string[]
		status: string
		contactCount: number
		createdAt: string
	}>
}) {
	if (!campaigns.length) {
		return (
			<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-10 text-center">
				<Megaphone className="size-8 text-muted-foreground" aria-hidden="true" />
				<p className="font-medium">No campaigns yet</p>
				<p className="text-sm text-muted-foreground">Create a campaign, then add contacts to it.</p>
			</div>
		)
	}
	return (
		<div className="rounded-md border bg-background">
			<Table aria-label="Campaigns">
				<TableHeader>
					<TableRow>
						<TableHead>Name</TableHead>
						<TableHead className="w-px">Status</TableHead>
						<TableHead>Channels</TableHead>
						<TableHead className="w-px text-right">Contacts</TableHead>
						<TableHead className="w-px">Created</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{campaigns.map((campaign) => (
						<TableRow key={campaign.id}>
							<TruncatedCell text={campaign.name} className="min-w-[10rem] font-medium">
								<Link to={`/campaigns/${campaign.id}`} className="hover:underline">
									{campaign.name}
								</Link>
							</TruncatedCell>
							<TableCell>
								<CampaignStatusBadge status={campaign.status} />
							</TableCell>
							<TruncatedCell text={formatChannels(campaign.channels)} className="min-w-[6rem]" />
							<TableCell className="text-right tabular-nums">
								{campaign.contactCount.toLocaleString('en-US')}
							</TableCell>
							<TableCell className="whitespace-nowrap">{formatDate(campaign.createdAt)}</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
