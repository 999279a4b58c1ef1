import { Form, Link } from '@remix-run/react'
import { Pencil, Trash2 } from 'lucide-react'
import { Fragment } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import type { CompanyImportRowView } from '#app/models/company-import/import-rows.server.ts'
import {
	COMPANY_IMPORT_MESSAGES,
	IMPORTED_COMPANY_FIELD_LABELS,
	type ImportedCompanyField,
} from '#app/schemas/company-import.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { EditRowForm } from './edit-row-form.tsx'
import { cutCell, fieldText, REVIEW_COLUMNS } from './format-imported-company.ts'

export const BULK_DELETE_FORM_ID = 'bulk-delete-form'

// Status and the row's actions stay in view while the 15 data columns scroll sideways.
const STATUS_CELL = 'sticky right-[10rem] w-[11rem] min-w-[11rem] shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]'
const ACTIONS_CELL = 'sticky right-0 w-[10rem] min-w-[10rem]'

export type ReviewRow = Pick<
	CompanyImportRowView,
	| 'id'
	| 'position'
	| 'data'
	| 'errors'
	| 'ready'
	| 'duplicateOfPosition'
	| 'duplicateOfCompanyId'
	| 'warnings'
>

/**
 * The review table (spec: height 500 px, cells cut at 30 characters, Status last): a checkbox per
 * row for bulk delete, Edit (inline, `?edit=<row>`) and Delete per row.
 */
export function ReviewTable({
	rows,
	selected,
	onSelectedChange,
	editRowId,
	editHref,
	closeEditHref,
	editFailure,
}: {
	rows: ReviewRow[]
	selected: Set<string>
	onSelectedChange: (next: Set<string>) => void
	editRowId: string | null
	editHref: (rowId: string) => string
	closeEditHref: string
	editFailure: { rowId: string; errors: Record<string, string>; values: Record<string, string> } | null
}) {
	const hydrated = useHydrated()
	const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id))
	const toggle = (id: string, on: boolean) => {
		const next = new Set(selected)
		if (on) next.add(id)
		else next.delete(id)
		onSelectedChange(next)
	}
	return (
		<div className="max-h-[500px] overflow-auto rounded-md border" data-testid="review-table-scroll">
			<table className="w-full caption-bottom text-sm" aria-label="Companies to import">
				<thead className="sticky top-0 z-10 bg-muted text-left">
					<tr className="border-b">
						<th className="w-10 px-3 py-2">
							<Checkbox
								aria-label="Select all"
								checked={allSelected}
								disabled={!hydrated}
								onChange={(event) =>
									onSelectedChange(
										event.currentTarget.checked ? new Set(rows.map((row) => row.id)) : new Set(),
									)
								}
							/>
						</th>
						{REVIEW_COLUMNS.map((column) => (
							<th
								key={column.field}
								className="whitespace-nowrap px-3 py-2 font-medium text-muted-foreground"
							>
								{column.label}
							</th>
						))}
						<th
							className={`${STATUS_CELL} whitespace-nowrap bg-muted px-3 py-2 font-medium text-muted-foreground`}
						>
							Status
						</th>
						<th className={`${ACTIONS_CELL} bg-muted px-3 py-2`}>
							<span className="sr-only">Actions</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<Fragment key={row.id}>
							<tr
								className="group border-b align-top hover:bg-muted"
								data-testid="review-row"
								data-row-id={row.id}
							>
								<td className="px-3 py-2">
									<Checkbox
										name="rowId"
										value={row.id}
										form={BULK_DELETE_FORM_ID}
										aria-label={`Select ${row.data.name || `row ${row.position + 1}`}`}
										checked={selected.has(row.id)}
										onChange={(event) => toggle(row.id, event.currentTarget.checked)}
									/>
								</td>
								{REVIEW_COLUMNS.map(({ field }) => {
									const text = fieldText(row.data, field)
									return (
										<td key={field} className="whitespace-nowrap px-3 py-2" title={text || undefined}>
											{text ? cutCell(text) : <span className="text-muted-foreground">—</span>}
										</td>
									)
								})}
								<td className={`${STATUS_CELL} bg-background px-3 py-2 group-hover:bg-muted`}>
									<RowStatus row={row} />
								</td>
								<td
									className={`${ACTIONS_CELL} whitespace-nowrap bg-background px-1 py-1 group-hover:bg-muted`}
								>
									<div className="flex items-center">
										<Button asChild variant="ghost" size="sm">
											<Link
												to={editHref(row.id)}
												preventScrollReset
												aria-label={`Edit ${row.data.name || `row ${row.position + 1}`}`}
											>
												<Pencil aria-hidden="true" />
												Edit
											</Link>
										</Button>
										<Form method="post" preventScrollReset>
											<input type="hidden" name="rowId" value={row.id} />
											<Button
												type="submit"
												name="intent"
												value="delete-row"
												variant="ghost"
												size="sm"
												className="text-destructive"
												aria-label={`Delete ${row.data.name || `row ${row.position + 1}`}`}
											>
												<Trash2 aria-hidden="true" />
												Delete
											</Button>
										</Form>
									</div>
								</td>
							</tr>
							{editRowId === row.id ? (
								<tr className="border-b bg-muted/30">
									<td colSpan={REVIEW_COLUMNS.length + 3}>
										{/* As wide as the visible part of the table, and stays there while it scrolls sideways. */}
										<div className="sticky left-0 w-[min(60rem,calc(100vw-22rem))]">
											<EditRowForm
												rowId={row.id}
												company={row.data}
												cancelHref={closeEditHref}
												errors={editFailure?.rowId === row.id ? editFailure.errors : undefined}
												values={editFailure?.rowId === row.id ? editFailure.values : undefined}
											/>
										</div>
									</td>
								</tr>
							) : null}
						</Fragment>
					))}
				</tbody>
			</table>
		</div>
	)
}

function RowStatus({ row }: { row: ReviewRow }) {
	const fieldErrors = Object.entries(row.errors).filter(
		([field]) => field !== 'name' && field !== 'description',
	)
	return (
		<div className="space-y-1">
			{row.ready ? (
				<Badge variant="success">{COMPANY_IMPORT_MESSAGES.ready}</Badge>
			) : (
				<Badge variant="warning">{COMPANY_IMPORT_MESSAGES.missingRequired}</Badge>
			)}
			{row.duplicateOfPosition !== null ? (
				<span className="block text-xs text-amber-800">Duplicate of row {row.duplicateOfPosition + 1}</span>
			) : null}
			{row.duplicateOfCompanyId ? (
				<Link
					to={`/companies/${row.duplicateOfCompanyId}`}
					className="block text-xs text-amber-800 underline"
				>
					Already in your companies
				</Link>
			) : null}
			{fieldErrors.map(([field, message]) => (
				<span key={field} className="block text-xs text-destructive">
					{IMPORTED_COMPANY_FIELD_LABELS[field as ImportedCompanyField] ?? field}: {message}
				</span>
			))}
			{row.warnings.length > 0 ? (
				<span className="line-clamp-2 text-xs text-muted-foreground" title={row.warnings.join('\n')}>
					{row.warnings[0]}
				</span>
			) : null}
		</div>
	)
}
