import type * as React from 'react'
import { Table, TableBody, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'

type Column = string | { label: string; className?: string }

/**
 * The table of a settings section: its column headings, an unlabelled "Actions" column for those
 * who may manage the rows, and a line of text in its place when there are no rows.
 */
export function SettingsTable<Row>({
	label,
	columns,
	rows,
	renderRow,
	withActions,
	empty,
}: {
	/** The table's accessible name. */
	label: string
	columns: Column[]
	rows: Row[]
	renderRow: (row: Row) => React.ReactNode
	withActions: boolean
	/** Shown instead of the table when there are no rows; without it the table shows empty. */
	empty?: string
}) {
	if (!rows.length && empty) return <p className="text-sm text-muted-foreground">{empty}</p>
	return (
		<Table aria-label={label}>
			<TableHeader>
				<TableRow>
					{columns.map((column) => {
						const { label: heading, className } =
							typeof column === 'string' ? { label: column, className: undefined } : column
						return (
							<TableHead key={heading} className={className}>
								{heading}
							</TableHead>
						)
					})}
					{withActions ? (
						<TableHead className="w-0">
							<span className="sr-only">Actions</span>
						</TableHead>
					) : null}
				</TableRow>
			</TableHeader>
			<TableBody>{rows.map(renderRow)}</TableBody>
		</Table>
	)
}
