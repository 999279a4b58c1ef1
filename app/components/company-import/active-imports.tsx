import { Link } from '@remix-run/react'
import { type CompanyImportState } from '#app/generated/prisma/enums.ts'
import { Card } from '#app/components/ui/card.tsx'
import { Progress } from '#app/components/ui/progress.tsx'
import { type QueueableJson } from '#app/schemas/queueable.ts'
import { importProgress } from './format-imported-company.ts'
import { ImportStateBadge } from './import-state-badge.tsx'
import { useLiveImport, useRevalidateEvery } from './use-live-import.ts'

export type ActiveImportItem = {
	id: string
	state: CompanyImportState
	stateLabel: string
	/** The job is working on it (RUNNING_IMPORT_STATES). */
	running: boolean
	fileName: string | null
	source: 'CSV' | 'TEXT'
	totalRows: number
	rowCount: number
	createdAt: string
	queueable: QueueableJson | null
}

/** Streams kept open at once: a browser allows about six connections to one host. */
const LIVE_STREAMS = 3

/** Imports still running or waiting for the user, each with its progress and a link to open it. */
export function ActiveImports({ imports }: { imports: ActiveImportItem[] }) {
	const anyRunning = imports.some((item) => item.running)
	useRevalidateEvery(anyRunning ? 3_000 : null)
	return (
		<section aria-labelledby="active-imports-heading" className="space-y-3">
			<h2 id="active-imports-heading" className="text-lg font-semibold">
				Active imports
			</h2>
			{imports.length === 0 ? (
				<Card className="p-6 text-sm text-muted-foreground">
					No imports running. Upload a CSV file or paste text above to start one; it shows here while it runs
					and until you review it.
				</Card>
			) : (
				<ul className="space-y-2">
					{imports.map((item, index) => (
						<ActiveImportRow key={item.id} item={item} follow={index < LIVE_STREAMS} />
					))}
				</ul>
			)}
		</section>
	)
}

function ActiveImportRow({ item, follow }: { item: ActiveImportItem; follow: boolean }) {
	const running = item.running
	const live = useLiveImport({ queueableId: item.queueable?.id, running, follow, poll: false })
	const progress = importProgress(live ?? item.queueable, item.totalRows)
	const action = item.state === 'MAPPING' ? 'Map columns' : item.state === 'PREVIEWING' ? 'Review' : 'Open'
	return (
		<li>
			<Card className="flex flex-wrap items-center gap-4 p-4" data-testid="active-import">
				<div className="min-w-0 flex-1 space-y-2">
					<div className="flex flex-wrap items-center gap-2">
						<span className="truncate font-medium">
							{item.fileName ?? (item.source === 'CSV' ? 'CSV file' : 'Text')}
						</span>
						<ImportStateBadge state={item.state} label={item.stateLabel} />
					</div>
					{running ? (
						<div className="space-y-1">
							<Progress value={progress.percent} aria-label={`${item.fileName ?? 'Import'} progress`} />
							<p className="text-xs text-muted-foreground">
								{progress.percent}% · Processed: {progress.completed} / {progress.total}
								{progress.currentItem ? ` · ${progress.currentItem}` : ''}
							</p>
						</div>
					) : (
						<p className="text-xs text-muted-foreground">
							{item.state === 'MAPPING'
								? 'Waiting for you to choose which column fills which field'
								: `${item.rowCount.toLocaleString('en-US')} ${item.rowCount === 1 ? 'company' : 'companies'} to review`}
						</p>
					)}
				</div>
				<Link
					to={`/imports/companies/${item.id}`}
					className="text-sm font-medium text-primary hover:underline"
				>
					{action}
					<span className="sr-only"> {item.fileName ?? 'import'}</span>
				</Link>
			</Card>
		</li>
	)
}
