import { TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/misc.ts'

// `compact` columns keep their content's width (w-px); Contact and Subject share the rest.
const COLUMNS = {
	contact: { label: 'Contact', numeric: false, compact: false },
	subject: { label: 'Subject', numeric: false, compact: false },
	status: { label: 'Status', numeric: false, compact: true },
	steps: { label: 'Steps', numeric: true, compact: true },
	progress: { label: 'Progress', numeric: false, compact: true },
	sent: { label: 'Sent', numeric: true, compact: true },
	replies: { label: 'Replies', numeric: true, compact: true },
	clicks: { label: 'Clicks', numeric: true, compact: true },
	created: { label: 'Created', numeric: false, compact: true },
} as const

export type SequenceColumn = keyof typeof COLUMNS

/** The header of a table of sequences (the Sequences page, a contact's, a run's): the same names and alignment. */
export function SequenceTableHead({
	columns,
	lowPriority = [],
}: {
	columns: readonly SequenceColumn[]
	/** Columns that give way below 1280 px; their cells take `priority="low"` too. */
	lowPriority?: readonly SequenceColumn[]
}) {
	return (
		<TableHeader>
			<TableRow>
				{columns.map((column) => (
					<TableHead
						key={column}
						priority={lowPriority.includes(column) ? 'low' : undefined}
						className={cn(COLUMNS[column].numeric && 'text-right', COLUMNS[column].compact && 'w-px')}
					>
						{COLUMNS[column].label}
					</TableHead>
				))}
			</TableRow>
		</TableHeader>
	)
}
