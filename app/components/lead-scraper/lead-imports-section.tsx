import { Link } from '@remix-run/react'
import { useRevalidateEvery, useLiveImport } from '#app/components/company-import/use-live-import.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import {
	leadImportFigures,
	leadImportPhase,
	leadImportStatusText,
	leadProgressPath,
	leadReviewPath,
	type LeadImportProgressItem,
} from './lead-import-status.ts'

// The Imports page's lead imports (issue 14): those running or waiting for review, with their
// progress, and those that ended, with what they found and saved.

export type LeadImportListItem = LeadImportProgressItem & {
	id: string
	savedCount: number | null
	existingCount: number | null
	duplicateCount: number | null
	createdAt: string
}

/** Streams kept open at once: a browser allows about six connections to one host. */
const LIVE_STREAMS = 3

const SOURCE_LABELS: Record<LeadImportListItem['source'], string> = {
	FILE: 'File',
	TEXT: 'Text',
	LINK: 'Link',
	LINKEDIN_POST: 'LinkedIn post',
}

// In UTC, and saying so: the server and the browser render the same text.
const dateFormat = new Intl.DateTimeFormat('en-US', {
	year: 'numeric',
	month: 'short',
	day: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'UTC',
	timeZoneName: 'short',
})

export function LeadImportsSection({
	active,
	past,
}: {
	active: LeadImportListItem[]
	past: LeadImportListItem[]
}) {
	const anyRunning = active.some((item) => item.state === 'PARSING')
	useRevalidateEvery(anyRunning ? 3_000 : null)
	return (
		<section aria-labelledby="lead-imports-heading" className="space-y-3">
			<h2 id="lead-imports-heading" className="text-lg font-semibold">
				Lead imports
			</h2>
			{active.length === 0 && past.length === 0 ? (
				<Card className="p-6 text-sm text-muted-foreground">
					No lead imports yet. Use Scrape leads to find people in a CSV file, a text, a web page or a LinkedIn
					post; they show here while they run and once they are saved.
				</Card>
			) : null}
			{active.length ? (
				<ul className="space-y-2" aria-label="Active lead imports">
					{active.map((item, index) => (
						<ActiveLeadImport key={item.id} item={item} follow={index < LIVE_STREAMS} />
					))}
				</ul>
			) : null}
			{past.length ? <PastLeadImports imports={past} /> : null}
		</section>
	)
}

function ActiveLeadImport({ item, follow }: { item: LeadImportListItem; follow: boolean }) {
	const running = item.state === 'PARSING'
	const live = useLiveImport({ queueableId: item.queueableId, running, follow, poll: false })
	const queueable = live ?? item.queueable
	const figures = leadImportFigures(queueable)
	const phase = leadImportPhase(item, live)
	return (
		<li>
			<Card className="flex flex-wrap items-center gap-4 p-4" data-testid="active-lead-import">
				<div className="min-w-0 flex-1 space-y-2">
					<div className="flex flex-wrap items-center gap-2">
						<span className="truncate font-medium" title={item.name}>
							{item.name}
						</span>
						<Badge variant="outline">{SOURCE_LABELS[item.source]}</Badge>
						{running ? (
							<Badge variant="outline" className="border-transparent bg-blue-100 text-blue-800">
								Importing
							</Badge>
						) : (
							<Badge variant="warning">Ready for review</Badge>
						)}
					</div>
					{running ? (
						<div className="space-y-1">
							<Progress value={figures.percent} aria-label={`Progress of ${item.name}`} />
							<p className="text-xs text-muted-foreground">
								{figures.percent}% · {leadImportStatusText(queueable)} · Processed: {figures.completed} /{' '}
								{figures.total}
							</p>
						</div>
					) : (
						<p className="text-xs text-muted-foreground">
							{item.leadCount.toLocaleString('en-US')} {item.leadCount === 1 ? 'lead' : 'leads'} to review
						</p>
					)}
				</div>
				<Link
					to={
						running && phase === 'running'
							? leadProgressPath([item.queueableId])
							: leadReviewPath(item.queueableId)
					}
					className="text-sm font-medium text-primary hover:underline"
				>
					{running ? 'Open' : 'Review'}
					<span className="sr-only"> {item.name}</span>
				</Link>
			</Card>
		</li>
	)
}

function isCancelled(item: LeadImportListItem) {
	// The job's cancel mark, or the reason a cancelled job ends with (CANCELLED_REASON) once it is gone.
	return (
		item.state === 'FAILED' && (leadImportPhase(item) === 'cancelled' || item.failureReason === 'Cancelled')
	)
}

/** "12 leads found · 8 saved · 3 existing · 1 duplicate" — the last save's counts. */
export function leadImportSummary(item: LeadImportListItem) {
	if (isCancelled(item)) return 'Import cancelled'
	if (item.state === 'FAILED') return item.failureReason ?? LEAD_IMPORT_MESSAGES.importFailed
	const parts = [`${item.leadCount.toLocaleString('en-US')} ${item.leadCount === 1 ? 'lead' : 'leads'} found`]
	parts.push(`${item.savedCount ?? 0} saved`)
	parts.push(`${item.existingCount ?? 0} existing`)
	parts.push(`${item.duplicateCount ?? 0} ${item.duplicateCount === 1 ? 'duplicate' : 'duplicates'}`)
	return parts.join(' · ')
}

function PastLeadImports({ imports }: { imports: LeadImportListItem[] }) {
	return (
		<Card>
			<Table aria-label="Lead import history">
				<TableHeader>
					<TableRow>
						<TableHead>Date</TableHead>
						<TableHead>Source</TableHead>
						<TableHead>Status</TableHead>
						<TableHead>Result</TableHead>
						<TableHead className="sr-only">Open</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{imports.map((item) => (
						<TableRow key={item.id}>
							<TableCell className="whitespace-nowrap text-muted-foreground">
								{dateFormat.format(new Date(item.createdAt))}
							</TableCell>
							<TableCell
								className="min-w-[7rem] max-w-0 truncate"
								title={`${SOURCE_LABELS[item.source]}: ${item.name}`}
							>
								{SOURCE_LABELS[item.source]}: {item.name}
							</TableCell>
							<TableCell>
								<PastStateBadge item={item} />
							</TableCell>
							<TableCell
								className={item.state === 'FAILED' && !isCancelled(item) ? 'text-destructive' : undefined}
							>
								{leadImportSummary(item)}
							</TableCell>
							<TableCell className="text-right">
								{item.state === 'SAVED' ? (
									<Link
										to={leadReviewPath(item.queueableId)}
										className="text-sm text-primary hover:underline"
									>
										View<span className="sr-only"> {item.name}</span>
									</Link>
								) : null}
							</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</Card>
	)
}

/** Saved green, cancelled zinc, failed red (the spec's badge colours). */
function PastStateBadge({ item }: { item: LeadImportListItem }) {
	if (item.state === 'SAVED') return <Badge variant="success">Saved</Badge>
	const cancelled = isCancelled(item)
	return (
		<Badge
			variant="outline"
			className={
				cancelled
					? 'border-transparent bg-zinc-100 text-zinc-800'
					: 'border-transparent bg-red-100 text-red-800'
			}
		>
			{cancelled ? 'Cancelled' : 'Failed'}
		</Badge>
	)
}
