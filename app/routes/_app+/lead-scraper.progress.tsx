import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { BackLink } from '#app/components/back-link.tsx'
import { useRevalidateEvery } from '#app/components/company-import/use-live-import.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { type CancelLeadImportData } from '#app/components/lead-scraper/lead-import-progress.tsx'
import {
	LEAD_PROGRESS_POLL_MS,
	LeadImportProgressList,
	type LeadProgressData,
} from '#app/components/lead-scraper/lead-import-progress-list.tsx'
import { leadImportPhase, reviewTarget } from '#app/components/lead-scraper/lead-import-status.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { cancelLeadImport, getLeadImportByQueueable } from '#app/models/lead-import/lead-import.server.ts'
import { QueueableConflictError } from '#app/models/queueable/queueable.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { LEAD_FILES_MAX, LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useIdleRevalidate } from '#app/utils/use-idle-revalidate.ts'
import { toLeadImportProgressItem } from './__lead-import-items.server.ts'

// The progress of lead imports started together (/lead-scraper/progress?id=…, one id per file):
// the page the Lead scraper's plain form lands on, and what its dialog polls. Without JavaScript
// it reloads itself every 3 s; once every import has leads to review it goes to the first review.

const NOT_FOUND = 'Import not found'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const ids = [...new Set(url.searchParams.getAll('id'))].slice(0, LEAD_FILES_MAX)
	const records = await Promise.all(ids.map((id) => getLeadImportByQueueable(actor.organizationId, id)))
	// Another organization's or a removed import is simply not there (the spec: a 404 item goes).
	const items = records.filter((record) => record !== null).map(toLeadImportProgressItem)
	// The page (not the dialog, which closes itself first) goes on to the review once all are done.
	const target = reviewTarget(
		items.map((item) => ({ queueableId: item.queueableId, phase: leadImportPhase(item) })),
	)
	if (target && url.searchParams.get('dialog') !== '1') throw redirect(target)
	return data<LeadProgressData>({ items }, { status: items.length ? 200 : 404 })
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const form = await request.formData()
	if (form.get('intent') !== 'cancel') throw new Response('Unknown action', { status: 400 })
	const queueableId = String(form.get('queueableId') ?? '')
	let cancelled: boolean
	try {
		const queueable = await cancelLeadImport(actor.organizationId, queueableId)
		if (!queueable) throw new Response(NOT_FOUND, { status: 404 })
		cancelled = true
	} catch (error) {
		if (!(error instanceof QueueableConflictError)) throw error
		cancelled = false
	}
	const message = cancelled ? null : LEAD_IMPORT_MESSAGES.cancelFailed
	if (form.get('mode') === 'fetcher') {
		// The dialog shows the answer itself (and its toast); the job's stream shows the cancel.
		return data<CancelLeadImportData>({ cancelled, message }, { status: cancelled ? 200 : 409 })
	}
	const back = safeRedirectTo(form.get('returnTo'), '/imports')
	return cancelled
		? redirectWithToast(back, { type: 'success', title: 'Import cancelled' })
		: redirectWithToast(back, { type: 'error', title: LEAD_IMPORT_MESSAGES.cancelFailed })
}

export default function LeadImportProgressRoute() {
	const { items } = useLoaderData<typeof loader>()
	const location = useLocation()
	const here = `${location.pathname}${location.search}`
	const running = items.some((item) => leadImportPhase(item) === 'running')
	const refresh = useIdleRevalidate()
	useRevalidateEvery(running ? LEAD_PROGRESS_POLL_MS : null)
	return (
		<div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
			{running ? (
				// Without JavaScript the page reloads itself while the job works (with it, the stream updates it).
				<noscript>
					<meta httpEquiv="refresh" content={`3;url=${here}`} />
				</noscript>
			) : null}
			<BackLink to="/imports">Imports</BackLink>
			<PageHeader className="mb-0" title="Parsing Leads" />
			{items.length === 0 ? (
				<Card className="p-6 text-sm text-muted-foreground">{NOT_FOUND}</Card>
			) : (
				<Card className="p-4">
					<LeadImportProgressList items={items} refresh={refresh} returnTo={here} />
				</Card>
			)}
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Parsing Leads · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
