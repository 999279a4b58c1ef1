import { Form, Link, useFetcher } from '@remix-run/react'
import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { type QueueableJson } from '#app/schemas/queueable.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import {
	leadImportFigures,
	leadImportSourceName,
	leadImportStatusText,
	leadReviewPath,
	type LeadImportPhase,
	type LeadImportProgressItem,
} from './lead-import-status.ts'

export const LEAD_PROGRESS_ACTION = '/lead-scraper/progress'

/** The cancel form's answer to a page with JavaScript (without it the action redirects). */
export type CancelLeadImportData = { cancelled: boolean; message: string | null }

/**
 * One lead import while it runs and once it ends: "Importing Leads from {source}", a spinner, the
 * percent, the status text, "Processed: completed / total" and Cancel Import; then its outcome.
 * `live` is the job as the event stream has it (null without JavaScript).
 */
export function LeadImportProgressCard({
	item,
	live,
	phase,
	returnTo,
}: {
	item: LeadImportProgressItem
	live: QueueableJson | null
	phase: LeadImportPhase
	/** Where the no-JavaScript cancel form comes back to. */
	returnTo: string
}) {
	const queueable = live ?? item.queueable
	const figures = leadImportFigures(queueable)
	const headingId = `lead-import-${item.queueableId}`
	return (
		<section
			aria-labelledby={headingId}
			className="space-y-3 rounded-md border p-4"
			data-testid="lead-import-progress"
		>
			<h3 id={headingId} className="break-words font-medium">
				Importing Leads from {leadImportSourceName(item)}
			</h3>
			{phase === 'running' ? (
				<>
					<div className="flex items-center gap-3" aria-live="polite">
						<Loader2
							className="size-5 shrink-0 animate-spin text-primary motion-reduce:animate-none"
							aria-hidden="true"
						/>
						<p className="text-sm font-medium" data-testid="lead-import-status">
							{leadImportStatusText(queueable)}
						</p>
						<span className="ml-auto text-xl font-semibold tabular-nums">{figures.percent}%</span>
					</div>
					<Progress value={figures.percent} aria-label={`Progress of ${item.name}`} />
					<div className="flex flex-wrap items-center justify-between gap-2">
						<span className="text-sm tabular-nums text-muted-foreground">
							Processed: {figures.completed} / {figures.total}
						</span>
						<CancelImportForm queueableId={item.queueableId} returnTo={returnTo} />
					</div>
				</>
			) : (
				<Outcome item={item} queueable={queueable} phase={phase} />
			)}
		</section>
	)
}

function Outcome({
	item,
	queueable,
	phase,
}: {
	item: LeadImportProgressItem
	queueable: QueueableJson | null
	phase: Exclude<LeadImportPhase, 'running'>
}) {
	if (phase === 'completed') {
		const total = item.leadCount || leadImportFigures(queueable).total
		return (
			<div className="flex flex-wrap items-center gap-3">
				<CheckCircle2 className="size-5 text-emerald-600" aria-hidden="true" />
				<p className="text-sm">
					{total.toLocaleString('en-US')} {total === 1 ? 'lead' : 'leads'} found
				</p>
				<Link
					to={leadReviewPath(item.queueableId)}
					className={buttonVariants({ size: 'sm', className: 'ml-auto' })}
				>
					Review leads<span className="sr-only"> from {item.name}</span>
				</Link>
			</div>
		)
	}
	const reason =
		phase === 'cancelled'
			? 'Import cancelled'
			: (item.failureReason ?? queueable?.failureReason ?? LEAD_IMPORT_MESSAGES.importFailed)
	return (
		<div className="flex items-center gap-3" role={phase === 'failed' ? 'alert' : undefined}>
			<XCircle
				className={phase === 'failed' ? 'size-5 text-destructive' : 'size-5 text-muted-foreground'}
				aria-hidden="true"
			/>
			<p className={phase === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
				{reason}
			</p>
		</div>
	)
}

/**
 * Cancel Import: a fetcher with JavaScript (the answer stays in the dialog, "Failed to cancel
 * import" when it cannot), a plain form posting back to `returnTo` without.
 */
function CancelImportForm({ queueableId, returnTo }: { queueableId: string; returnTo: string }) {
	const hydrated = useHydrated()
	const fetcher = useFetcher<CancelLeadImportData>()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (answer && !answer.cancelled)
			notify({ type: 'error', title: answer.message ?? LEAD_IMPORT_MESSAGES.cancelFailed })
	}, [answer])
	const fields = (
		<>
			<input type="hidden" name="intent" value="cancel" />
			<input type="hidden" name="queueableId" value={queueableId} />
			<input type="hidden" name="returnTo" value={returnTo} />
		</>
	)
	if (!hydrated) {
		return (
			<Form method="post" action={LEAD_PROGRESS_ACTION}>
				{fields}
				<Button type="submit" variant="outline" size="sm">
					Cancel Import
				</Button>
			</Form>
		)
	}
	const pending = fetcher.state !== 'idle'
	const cancelling = pending || answer?.cancelled === true
	return (
		<fetcher.Form method="post" action={LEAD_PROGRESS_ACTION} className="flex items-center gap-2">
			{fields}
			<input type="hidden" name="mode" value="fetcher" />
			{answer && !answer.cancelled ? (
				<span role="alert" className="text-sm text-destructive">
					{answer.message ?? LEAD_IMPORT_MESSAGES.cancelFailed}
				</span>
			) : null}
			<Button type="submit" variant="outline" size="sm" disabled={cancelling}>
				{cancelling ? 'Cancelling…' : 'Cancel Import'}
			</Button>
		</fetcher.Form>
	)
}
