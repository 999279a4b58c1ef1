import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BackLink } from '#app/components/back-link.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ReviewFailed, ReviewStillImporting } from '#app/components/lead-scraper/review-status.tsx'
import { ReviewStep } from '#app/components/lead-scraper/review-step.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { getLeadImportByQueueable } from '#app/models/lead-import/lead-import.server.ts'
import { listReviewLeads, saveReviewLeads } from '#app/models/lead-import/lead-review.server.ts'
import { SaveLeadsRefusal } from '#app/models/lead-import/save-leads.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { createTag, listTags, type TagWithCount } from '#app/models/tag/tag.server.ts'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { LEAD_REVIEW_FIELDS, LeadReviewIntentSchema } from '#app/schemas/lead-review.ts'
import { TAG_DIALOG_PAGE_SIZE } from '#app/schemas/tag.ts'
import { pageCount, pageWindow, parsePage } from '#app/utils/pagination.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { leadSaveAnswers } from './__lead-save-answer.server.ts'

// The review of one lead import (issue 14): its leads page by page with search, those already
// contacts dimmed, and the save of the chosen ones with tags — the Add-contacts-to-tags dialog
// with JavaScript, a plain form with a tags section without. While the import still parses it
// says so; a failed one says why.

const NOT_FOUND = 'Import not found'
const SEARCH_MAX_LENGTH = 200

function readQuery(url: URL) {
	const text = (name: string) => (url.searchParams.get(name) ?? '').trim().slice(0, SEARCH_MAX_LENGTH)
	return {
		search: text('search'),
		page: parsePage(url.searchParams.get('page')),
		tagSearch: text('tagSearch'),
		tagPage: parsePage(url.searchParams.get('tagPage')),
	}
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const queueId = params.queueId ?? ''
	const record = await getLeadImportByQueueable(actor.organizationId, queueId)
	if (!record) throw new Response(NOT_FOUND, { status: 404 })
	const query = readQuery(new URL(request.url))
	const summary = {
		queueId,
		name: record.name,
		source: record.source,
		state: record.state,
		leadCount: record.leadCount,
		failureReason: record.failureReason,
		savedCount: record.savedCount,
		existingCount: record.existingCount,
		duplicateCount: record.duplicateCount,
	}
	if (record.state !== 'READY' && record.state !== 'SAVED') return { leadImport: summary, review: null }
	const org = actor.organizationId
	const [review, overall, tagPage] = await Promise.all([
		listReviewLeads(org, record.id, { search: query.search, page: query.page }),
		// "Select all n new leads" counts the whole import, whatever the search.
		query.search ? listReviewLeads(org, record.id, { pageSize: 1 }) : null,
		listTags(org, {
			...pageWindow(query.tagPage, TAG_DIALOG_PAGE_SIZE),
			search: query.tagSearch || undefined,
		}),
	])
	const whole = overall ?? review
	return {
		leadImport: summary,
		review: {
			...review,
			search: query.search,
			newCount: whole.total - whole.existing,
			tags: {
				items: tagPage.tags as TagWithCount[],
				search: query.tagSearch,
				page: query.tagPage,
				lastPage: pageCount(tagPage.total, TAG_DIALOG_PAGE_SIZE),
			},
		},
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const queueId = params.queueId ?? ''
	const record = await getLeadImportByQueueable(actor.organizationId, queueId)
	if (!record) throw new Response(NOT_FOUND, { status: 404 })
	const url = new URL(request.url)
	const here = `/lead-scraper/${encodeURIComponent(queueId)}${url.search}`
	const formData = await request.formData()
	const parsed = LeadReviewIntentSchema.safeParse({
		intent: formData.get('intent'),
		selection: formData.get(LEAD_REVIEW_FIELDS.selection) ?? undefined,
		leadId: formData.getAll(LEAD_REVIEW_FIELDS.leadId).map(String),
		tagId: [...new Set(formData.getAll(LEAD_REVIEW_FIELDS.tagId).map(String))],
		reply: formData.get(LEAD_REVIEW_FIELDS.reply) ?? undefined,
		name: formData.get('name') ?? '',
	})
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const title =
			formData.get('intent') === 'create-tag'
				? `Failed to create tag: ${issue?.message ?? 'Unknown error'}`
				: LEAD_IMPORT_MESSAGES.processFailed
		return redirectWithToast(here, { type: 'error', title })
	}
	const intent = parsed.data
	if (intent.intent === 'create-tag') {
		const { created, tag } = await createTag(actor.organizationId, intent.name)
		// Back on the tags section, searched to the tag, so it can be chosen at once.
		const back = new URL(here, url)
		back.searchParams.set('tagSearch', tag.name)
		back.searchParams.delete('tagPage')
		return redirectWithToast(`${back.pathname}${back.search}`, {
			type: created ? 'success' : 'message',
			title: created ? 'Tag created successfully!' : 'Tag already exists',
		})
	}

	const { answer } = leadSaveAnswers(here, intent.intent === 'save' && intent.reply === 'data')
	return answer(async () => {
		const summary = await saveReviewLeads({
			organizationId: actor.organizationId,
			userId: actor.userId,
			leadImportId: record.id,
			leadIds: intent.selection === 'all' ? 'all' : intent.leadId,
			tagIds: intent.tagId,
		})
		if (!summary) throw new SaveLeadsRefusal('nothing_to_save', LEAD_IMPORT_MESSAGES.noProcessedLeads)
		return summary
	})
}

export default function LeadReviewRoute() {
	const { leadImport, review } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
			<BackLink to="/imports">Imports</BackLink>
			<PageHeader
				className="mb-0"
				title={`Review leads: ${leadImport.name}`}
				description={headerDescription(leadImport)}
			/>
			{leadImport.state === 'PARSING' ? (
				<ReviewStillImporting queueId={leadImport.queueId} name={leadImport.name} />
			) : null}
			{leadImport.state === 'FAILED' ? (
				<ReviewFailed reason={leadImport.failureReason ?? LEAD_IMPORT_MESSAGES.importFailed} />
			) : null}
			{review ? <ReviewStep key={leadImport.queueId} review={review} /> : null}
		</div>
	)
}

function headerDescription(leadImport: {
	state: string
	leadCount: number
	savedCount: number | null
	existingCount: number | null
	duplicateCount: number | null
}) {
	if (leadImport.state === 'PARSING') return 'Importing…'
	if (leadImport.state === 'FAILED') return 'The import failed.'
	const found = `${leadImport.leadCount.toLocaleString('en-US')} ${leadImport.leadCount === 1 ? 'lead' : 'leads'} found`
	if (leadImport.state !== 'SAVED') return found
	const duplicates = leadImport.duplicateCount ?? 0
	return `${found} • last save: ${leadImport.savedCount ?? 0} created, ${leadImport.existingCount ?? 0} existing, ${duplicates} ${duplicates === 1 ? 'duplicate' : 'duplicates'}`
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `Review leads: ${data.leadImport.name} · Reachout` : 'Review leads · Reachout' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
