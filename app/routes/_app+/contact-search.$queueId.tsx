import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { BackLink } from '#app/components/back-link.tsx'
import { useLiveImport } from '#app/components/company-import/use-live-import.ts'
import { ContactSearchResults } from '#app/components/contact-search/contact-search-results.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { notify } from '#app/components/toaster.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import {
	getContactSearch,
	importContactSearchLeads,
} from '#app/models/contact-search/results/contact-search-results.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import {
	CONTACT_SEARCH_MESSAGES,
	completedBulkMessage,
	type ContactSearchJobResult,
} from '#app/schemas/contact-search.ts'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { LEAD_REVIEW_FIELDS } from '#app/schemas/lead-review.ts'
import { isTerminalStatus } from '#app/schemas/queueable.ts'
import { leadSaveAnswers } from './__lead-save-answer.server.ts'

// One contact search (issue 15): its progress while the job runs (live, and a reload every few
// seconds without JavaScript), the failure reason, or the ranked people to export and import.

const NOT_FOUND = 'Contact search not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const search = await getContactSearch(actor.organizationId, params.queueId ?? '')
	if (!search) throw new Response(NOT_FOUND, { status: 404 })
	const url = new URL(request.url)
	return {
		search: {
			id: search.id,
			status: search.status,
			progress: search.progress,
			completed: Number(search.metadata.completed ?? 0),
			total: Number(search.metadata.total ?? search.metadata.totalCompanies ?? 0),
			currentItem: typeof search.metadata.currentItem === 'string' ? search.metadata.currentItem : null,
			failureReason: search.failureReason,
			mode: search.mode,
			lookingFor: search.lookingFor,
			result: search.result,
		},
		initialSearch: (url.searchParams.get('search') ?? '').slice(0, 200),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const queueId = params.queueId ?? ''
	const here = `/contact-search/${encodeURIComponent(queueId)}${new URL(request.url).search}`
	const formData = await request.formData()
	const wantsData = formData.get(LEAD_REVIEW_FIELDS.reply) === 'data'
	const resultIds = [...new Set(formData.getAll(LEAD_REVIEW_FIELDS.leadId).map(String))].slice(0, 5_000)
	const tagIds = [...new Set(formData.getAll(LEAD_REVIEW_FIELDS.tagId).map(String))].slice(0, 100)
	const { refuse, answer } = leadSaveAnswers(here, wantsData)
	if (formData.get('intent') !== 'save') return refuse(LEAD_IMPORT_MESSAGES.processFailed)
	if (resultIds.length === 0) return refuse(LEAD_IMPORT_MESSAGES.noLeadsSelected)
	return answer(async () => {
		const saved = await importContactSearchLeads({
			organizationId: actor.organizationId,
			userId: actor.userId,
			queueableId: queueId,
			resultIds,
			tagIds,
		})
		if (!saved) throw new Response(NOT_FOUND, { status: 404 })
		return saved.summary
	})
}

export default function ContactSearchRoute() {
	const { search, initialSearch } = useLoaderData<typeof loader>()
	const running = !isTerminalStatus(search.status)
	useCompletionToast(running, search.result)
	const title = search.mode === 'bulk' ? 'Bulk contact search' : 'Contact search'
	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
			<BackLink to="/companies">Companies</BackLink>
			<PageHeader
				className="mb-0"
				title={title}
				description={search.result ? undefined : `Looking for: ${search.lookingFor}`}
			/>
			{running ? <SearchRunning search={search} /> : null}
			{search.status === 'FAILED' ? (
				<Card className="p-6">
					<p role="alert" className="text-destructive">
						{search.failureReason ??
							(search.mode === 'bulk'
								? CONTACT_SEARCH_MESSAGES.bulkFailed
								: CONTACT_SEARCH_MESSAGES.singleFailed)}
					</p>
				</Card>
			) : null}
			{search.result ? (
				<ContactSearchResults
					result={search.result}
					initialSearch={initialSearch}
					exportHref={`/contact-search/${encodeURIComponent(search.id)}/export`}
					closeHref="/companies"
				/>
			) : null}
		</div>
	)
}

/** The spec's completion toasts, when the job ends while the page watches it. */
function useCompletionToast(running: boolean, result: ContactSearchJobResult | null) {
	const wasRunning = useRef(running)
	useEffect(() => {
		if (wasRunning.current && !running && result) {
			notify({
				type: 'success',
				title:
					result.mode === 'bulk'
						? completedBulkMessage(result.summary.totalContactsFound, result.results.length)
						: CONTACT_SEARCH_MESSAGES.completedSingle,
			})
		}
		wasRunning.current = running
	}, [running, result])
}

function SearchRunning({
	search,
}: {
	search: { id: string; progress: number; completed: number; total: number; currentItem: string | null }
}) {
	// The spec polls the search store every 5 s; the event stream carries the figures between.
	useLiveImport({ queueableId: search.id, running: true, pollMs: 5_000 })
	return (
		<Card className="space-y-4 p-6" aria-live="polite">
			<noscript>
				<meta httpEquiv="refresh" content="5" />
			</noscript>
			<div className="flex items-center gap-3">
				<Loader2 className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
				<p className="font-medium">Searching for the right people…</p>
				<span className="ml-auto text-2xl font-semibold tabular-nums">{search.progress}%</span>
			</div>
			<Progress value={search.progress} aria-label="Search progress" />
			<div className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
				<span>
					Processed: {search.completed} / {search.total} companies
				</span>
				{search.currentItem ? <span className="truncate">Current: {search.currentItem}</span> : null}
			</div>
		</Card>
	)
}

export const meta: MetaFunction = () => [{ title: 'Contact search · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
