import { Form, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useDialogStack } from '#app/components/dialog-stack/dialog-stack.tsx'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { LEAD_REVIEW_FIELDS, type LeadSaveReply } from '#app/schemas/lead-review.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ReviewFooter } from './review-footer.tsx'
import { ReviewSearch } from './review-search.tsx'
import { useReviewSelection } from './review-selection.ts'
import { ReviewTable, type ReviewTableLead } from './review-table.tsx'
import { SAVE_LEADS_DIALOG, SAVE_LEADS_FETCHER, SaveTagsDialog } from './save-tags-dialog.tsx'
import { SaveTagsSection, TagSideForms } from './save-tags-section.tsx'

type TagsPage = Parameters<typeof SaveTagsSection>[0]['tags']

export type ReviewData = {
	leads: ReviewTableLead[]
	total: number
	page: number
	pageCount: number
	search: string
	/** Leads of the whole import that are no contact yet ("Select all n new leads"). */
	newCount: number
	/** The first tags for the form without JavaScript. */
	tags: TagsPage
}

/**
 * READY or SAVED: the leads to choose, then Save. One form posts the checked `leadId`s (or
 * `selection=all`); with JavaScript its button opens the Add-contacts-to-tags dialog, which saves
 * through a fetcher; without, the form carries a tags section and a plain submit.
 */
export function ReviewStep({ review }: { review: ReviewData }) {
	const hydrated = useHydrated()
	const location = useLocation()
	const action = `${location.pathname}${location.search}`
	const selection = useReviewSelection(review.leads, review.newCount)
	useSaveReply(selection.clear)
	const { openDialog } = useDialogStack()
	const existingOnPage = review.leads.filter((lead) => lead.existingContactId !== null).length

	function openSave() {
		openDialog(
			SAVE_LEADS_DIALOG,
			<SaveTagsDialog
				action={action}
				selection={{
					selectAll: selection.selectAll,
					leadIds: selection.ids,
					count: selection.count,
					existingCount: selection.existingCount,
				}}
			/>,
		)
	}

	return (
		<Card className="space-y-4 p-4">
			<ReviewSearch search={review.search} />
			<Form method="post" action={action} className="space-y-4" aria-label="Save leads">
				<input type="hidden" name="intent" value="save" />
				{review.leads.length ? (
					<ReviewTable
						leads={review.leads}
						isSelected={selection.isSelected}
						onToggle={selection.toggle}
						pageChecked={selection.pageChecked}
						onTogglePage={selection.togglePage}
						interactive={hydrated}
					/>
				) : (
					<p className="flex h-[400px] items-center justify-center rounded-md border text-sm text-muted-foreground">
						{review.search ? 'No contacts found matching your search.' : LEAD_IMPORT_MESSAGES.noLeadsFound}
					</p>
				)}
				<ReviewFooter
					displayed={review.leads.length}
					selected={hydrated ? selection.count : null}
					existing={existingOnPage}
					page={review.page}
					pageCount={review.pageCount}
					total={review.total}
				/>
				<div className="flex flex-wrap items-center justify-between gap-3">
					{review.newCount > 0 ? (
						<label className="flex items-center gap-2 text-sm">
							<Checkbox
								name={LEAD_REVIEW_FIELDS.selection}
								value="all"
								checked={selection.selectAll}
								onChange={(event) => selection.setSelectAll(event.currentTarget.checked)}
							/>
							Select all {review.newCount.toLocaleString('en-US')} new leads
						</label>
					) : (
						<span className="text-sm text-muted-foreground">
							Every lead of this import is a contact already.
						</span>
					)}
					{hydrated ? (
						<Button type="button" onClick={openSave} disabled={selection.count === 0}>
							Save contacts{selection.count ? ` (${selection.count.toLocaleString('en-US')})` : ''}
						</Button>
					) : null}
				</div>
				<noscript>
					<div className="space-y-4 border-t pt-4">
						<SaveTagsSection tags={review.tags} />
						<div className="flex justify-end">
							<Button type="submit">Save contacts</Button>
						</div>
					</div>
				</noscript>
			</Form>
			<noscript>
				<TagSideForms />
			</noscript>
		</Card>
	)
}

/**
 * The dialog's save answered: its warnings as warning toasts (the success or refusal toast comes
 * with the page's reload), the selection cleared and the dialog closed once something was saved.
 */
export function useSaveReply(clearSelection: () => void) {
	const fetcher = useFetcher<LeadSaveReply>({ key: SAVE_LEADS_FETCHER })
	const { closeDialog } = useDialogStack()
	// An answer from before this page was shown is not ours to report.
	const handled = useRef(fetcher.data)
	useEffect(() => {
		const reply = fetcher.data
		if (fetcher.state !== 'idle' || !reply || reply === handled.current) return
		handled.current = reply
		if (reply.status !== 'saved') return
		for (const warning of reply.warnings) notify({ type: 'warning', title: warning })
		clearSelection()
		closeDialog(SAVE_LEADS_DIALOG)
	}, [fetcher.state, fetcher.data, clearSelection, closeDialog])
}
