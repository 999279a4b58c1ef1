import { TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'

const COLUMNS = {
	contact: { label: 'Contact', numeric: false },
	subject: { label: 'Subject', numeric: false },
	status: { label: 'Status', numeric: false },
	steps: { label: 'Steps', numeric: true },
	progress: { label: 'Progress', numeric: false },
	sent: { label: 'Sent', numeric: true },
	replies: { label: 'Replies', numeric: true },
	clicks: { label: 'Clicks', numeric: true },
	created: { label: 'Created', numeric: false },
} as const

export type SequenceColumn = keyof typeof COLUMNS

/** The header of a table of sequences (the Sequences page, a contact's, a run's): the same names and alignment. */
export function SequenceTableHead({ columns }: { columns: readonly SequenceColumn[] }) {
	return (
		<TableHeader>
			<TableRow>
				{columns.map((column) => (
					<TableHead key={column} className={COLUMNS[column].numeric ? 'text-right' : undefined}>
						{COLUMNS[column].label}
					</TableHead>
				))}
			</TableRow>
		</TableHeader>
	)
}
