import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { GenerateSequencesForm } from '#app/components/sequences/generate-sequences/generate-sequences-form.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import {
	GenerationRequestError,
	SEQUENCE_PHONE_FLAG,
} from '#app/models/assistant/generate-sequence.server.ts'
import {
	describeGenerationTarget,
	type GenerationTarget,
	startGenerationRun,
} from '#app/models/assistant/generation-run.server.ts'
import { getLinkedInConnection } from '#app/models/linkedin/linkedin-connection.server.ts'
import { listUsableMailboxes } from '#app/models/mailbox/mailbox.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { hasFeatureFlag } from '#app/models/user/feature-flags.server.ts'
import { rotationPool } from '#app/models/campaign/campaign-mailboxes.server.ts'
import { ASSISTANT_MESSAGES } from '#app/schemas/assistant.ts'
import { CAMPAIGN_MAILBOXES_MESSAGES } from '#app/schemas/campaign.ts'
import { contactFilterOfBulkBody } from '#app/schemas/contact-filter.ts'
import {
	GenerationRunFormSchema,
	generationTargetFromSearchParams,
} from '#app/schemas/generation-run-form.ts'
import { prisma } from '#app/utils/db.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// The Generate Sequences dialog's page: the same form for a campaign's contacts
// (?campaignId=) or picked ones (?contactIds=a,b or all with the filter). The dialog loads this
// route's data and posts to its action; without JavaScript the page is the dialog.

export const GENERATION_RUN_STARTED_TOAST = 'Your sequences are being generated. Give them a moment.'

/** The contacts a form or query names: a campaign's, or picked ones (ids, or all matching the filter). */
function targetOf(body: {
	campaignId?: string
	contactIds?: string[] | 'all'
	search?: string
	tags: string[]
	campaign?: string
	list?: string
	exclude_ids: string[]
}): GenerationTarget | null {
	if (body.campaignId) return { campaignId: body.campaignId }
	if (!body.contactIds || (Array.isArray(body.contactIds) && body.contactIds.length === 0)) return null
	return {
		selection: body.contactIds,
		filter: contactFilterOfBulkBody({
			search: body.search,
			tags: body.tags,
			campaign: body.campaign,
			list: body.list,
			exclude_ids: body.exclude_ids,
		}),
		excludeIds: body.exclude_ids,
	}
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const params = new URL(request.url).searchParams
	const query = generationTargetFromSearchParams(params)
	const target = targetOf(query)
	const [described, mailboxes, phoneEnabled, linkedin, rotation] = await Promise.all([
		target ? describeGenerationTarget(actor.organizationId, target) : null,
		listUsableMailboxes(actor),
		hasFeatureFlag(actor.userId, SEQUENCE_PHONE_FLAG),
		getLinkedInConnection(actor.userId),
		// A campaign with its own sending mailboxes offers to rotate across them (decision 053).
		target && 'campaignId' in target ? rotationPool(prisma, actor, target.campaignId) : [],
	])
	return {
		query: params.toString(),
		target: described,
		mailboxes: mailboxes.map((mailbox) => ({ id: mailbox.id, address: mailbox.address })),
		phoneEnabled,
		linkedinConnected: linkedin.connected,
		rotation: rotation.map((mailbox) => mailbox.address),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const submission = parseWithZod(await request.formData(), { schema: GenerationRunFormSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const body = submission.value
	const target = targetOf(body)
	if (!target)
		return data(
			{ result: submission.reply({ fieldErrors: { contactIds: ['Select at least one contact'] } }) },
			{ status: 400 },
		)
	try {
		const run = await startGenerationRun({
			actor,
			target,
			emailAddressId: body.emailAddressId,
			options: {
				prompt: body.prompt,
				orgPrompt: body.orgPrompt,
				linkedin: body.linkedin,
				phoneCall: body.phoneCall,
			},
		})
		return redirectWithToast(`/sequences/generations/${run.id}`, {
			type: 'success',
			title: GENERATION_RUN_STARTED_TOAST,
			description:
				run.skipped > 0
					? `${run.skipped.toLocaleString('en-US')} skipped: no email address, or a sequence already open.`
					: undefined,
		})
	} catch (error) {
		if (!(error instanceof GenerationRequestError)) throw error
		const refused =
			error.message === ASSISTANT_MESSAGES.senderRequired ||
			error.message === CAMPAIGN_MAILBOXES_MESSAGES.noneChosen
				? { fieldErrors: { emailAddressId: [error.message] } }
				: { formErrors: [error.message] }
		return data({ result: submission.reply(refused) }, { status: error.status })
	}
}

export default function GenerateSequencesRoute() {
	const loaderData = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Generate Sequences"
				description="The assistant writes a draft sequence for each contact, in the background. Review them, then activate them together."
			/>
			<Card>
				<CardContent className="p-6">
					<GenerateSequencesForm data={loaderData} lastResult={actionData?.result} cancelHref="/sequences" />
				</CardContent>
			</Card>
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Generate Sequences · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
