import { Form, useNavigation } from '@remix-run/react'
import { Check, Trash2, Upload } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import type { ReviewSort } from '#app/models/company-import/import-rows.server.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { BULK_DELETE_FORM_ID, ReviewTable, type ReviewRow } from './review-table.tsx'
import { ReviewToolbar } from './review-toolbar.tsx'

/**
 * PREVIEWING: the companies the import found, to check, edit, narrow and delete before Approve
 * Import saves the ready ones (Reject & Upload New discards them all).
 */
export function ReviewStep({
	rows,
	totalRows,
	sort,
	filterInstructions,
	failureReason,
	warnings,
	editRowId,
	editFailure,
}: {
	rows: ReviewRow[]
	/** Rows including those the filter hides. */
	totalRows: number
	sort: ReviewSort
	filterInstructions: string | null
	failureReason: string | null
	warnings: string[]
	editRowId: string | null
	editFailure: { rowId: string; errors: Record<string, string>; values: Record<string, string> } | null
}) {
	const hydrated = useHydrated()
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
	const [selected, setSelected] = useState<Set<string>>(new Set())
	// Rows deleted or filtered away since they were selected no longer count.
	const visibleSelected = new Set(rows.filter((row) => selected.has(row.id)).map((row) => row.id))
	const readyCount = rows.filter((row) => row.ready).length
	const sortQuery = sort === 'requiredFieldsFirst' ? '' : `sort=${sort}`
	const href = (extra?: string) => `?${[sortQuery, extra].filter(Boolean).join('&')}`
	return (
		<div className="space-y-4">
			{failureReason ? (
				<p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
					{failureReason}
				</p>
			) : null}
			{warnings.length > 0 ? (
				<ul className="space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
					{warnings.map((warning) => (
						<li key={warning}>{warning}</li>
					))}
				</ul>
			) : null}
			<Card className="space-y-4 p-4">
				<ReviewToolbar sort={sort} filterInstructions={filterInstructions} />
				<div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
					<span data-testid="review-counts">
						{rows.length === totalRows
							? `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'company' : 'companies'}`
							: `Showing ${rows.length.toLocaleString('en-US')} of ${totalRows.toLocaleString('en-US')} companies (filtered)`}
						{` · ${readyCount.toLocaleString('en-US')} ready`}
					</span>
					<Form method="post" id={BULK_DELETE_FORM_ID} preventScrollReset>
						<Button
							type="submit"
							name="intent"
							value="delete-rows"
							variant="outline"
							size="sm"
							disabled={pending === 'delete-rows' || (hydrated && visibleSelected.size === 0)}
						>
							<Trash2 aria-hidden="true" />
							Delete selected{hydrated && visibleSelected.size > 0 ? ` (${visibleSelected.size})` : ''}
						</Button>
					</Form>
				</div>
				{rows.length === 0 ? (
					<p className="rounded-md border p-10 text-center text-sm text-muted-foreground">
						{totalRows > 0
							? 'No companies match the filter. Clear it to see them all again.'
							: failureReason
								? 'No companies left to review. Reject this import and upload a new file or text.'
								: 'No companies were found, or all were deleted. Use Reject & Upload New to try another file or text.'}
					</p>
				) : (
					<ReviewTable
						rows={rows}
						selected={visibleSelected}
						onSelectedChange={setSelected}
						editRowId={editRowId}
						editHref={(rowId) => href(`edit=${encodeURIComponent(rowId)}`)}
						closeEditHref={href()}
						editFailure={editFailure}
					/>
				)}
			</Card>
			<div className="flex flex-wrap items-center justify-end gap-2">
				<Form method="post">
					<Button
						type="submit"
						name="intent"
						value="reject"
						variant="outline"
						disabled={pending === 'reject'}
					>
						<Upload aria-hidden="true" />
						Reject &amp; Upload New
					</Button>
				</Form>
				<Form method="post">
					<Button
						type="submit"
						name="intent"
						value="approve"
						disabled={readyCount === 0 || pending === 'approve'}
						title={readyCount === 0 ? 'No company is ready: each needs a name and a description' : undefined}
					>
						<Check aria-hidden="true" />
						{pending === 'approve' ? 'Saving…' : 'Approve Import'}
					</Button>
				</Form>
			</div>
		</div>
	)
}
