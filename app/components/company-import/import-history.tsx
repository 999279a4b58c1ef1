import { Link } from '@remix-run/react'
import { type CompanyImportState } from '#app/generated/prisma/enums.ts'
import { Card } from '#app/components/ui/card.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { COMPANY_IMPORT_MESSAGES } from '#app/schemas/company-import.ts'
import { resultSummary } from './format-imported-company.ts'
import { ImportStateBadge } from './import-state-badge.tsx'

export type PastImportItem = {
	id: string
	state: CompanyImportState
	stateLabel: string
	source: 'CSV' | 'TEXT'
	fileName: string | null
	failureReason: string | null
	successCount: number | null
	errorCount: number | null
	duplicateCount: number | null
	createdAt: string
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

function outcome(item: PastImportItem) {
	if (item.state === 'COMPLETED') return resultSummary(item)
	if (item.state === 'FAILED') return item.failureReason ?? COMPANY_IMPORT_MESSAGES.importFailed
	return 'Discarded without saving'
}

/** Imports that ended: when, from what, how they ended. */
export function ImportHistory({ imports }: { imports: PastImportItem[] }) {
	return (
		<section aria-labelledby="import-history-heading" className="space-y-3">
			<h2 id="import-history-heading" className="text-lg font-semibold">
				History
			</h2>
			{imports.length === 0 ? (
				<Card className="p-6 text-sm text-muted-foreground">
					No finished imports yet. Once you approve, discard or lose an import, it is listed here with its
					result.
				</Card>
			) : (
				<Card>
					<Table aria-label="Import history">
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
									<TruncatedCell text={item.fileName ?? (item.source === 'CSV' ? 'CSV file' : 'Text')} />
									<TableCell>
										<ImportStateBadge state={item.state} label={item.stateLabel} />
									</TableCell>
									<TableCell className={item.state === 'FAILED' ? 'text-destructive' : undefined}>
										{outcome(item)}
									</TableCell>
									<TableCell className="text-right">
										<Link
											to={`/imports/companies/${item.id}`}
											className="text-sm text-primary hover:underline"
										>
											View<span className="sr-only"> {item.fileName ?? 'import'}</span>
										</Link>
									</TableCell>
								</TableRow>
							))}
						</TableBody>
					</Table>
				</Card>
			)}
		</section>
	)
}
