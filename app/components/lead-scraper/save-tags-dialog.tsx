import { useFetcher } from '@remix-run/react'
import { useState } from 'react'
import { StackedDialogShell } from '#app/components/dialog-stack/dialog-stack.tsx'
import { TagChoiceTable } from '#app/components/tags/tag-choice-table.tsx'
import { TagSearchCreateBar } from '#app/components/tags/tag-search-create-bar.tsx'
import { type TagOption } from '#app/components/tags/tags-client.ts'
import { TagPager, useTagPages } from '#app/components/tags/use-tag-pages.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCancelButton } from '#app/components/ui/dialog-shell.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { LEAD_IMPORT_MESSAGES } from '#app/schemas/lead-import.ts'
import { LEAD_REVIEW_FIELDS, type LeadSaveReply } from '#app/schemas/lead-review.ts'

export const SAVE_LEADS_DIALOG = 'add-contacts-to-tags'
/** The save's fetcher: the dialog submits it, the review page reads its answer. */
export const SAVE_LEADS_FETCHER = 'lead-review-save'

export type SaveLeadsSelection = {
	selectAll: boolean
	leadIds: string[]
	count: number
	existingCount: number
}

/**
 * Add contacts to tags (spec): "Select tags for n contact(s)", the tag table (Name, Contacts; 8
 * skeleton rows, "No tags found", 320 px) with search and inline creation, "n tag(s) selected",
 * Cancel and the save — "Save contacts with tag", "Save Contacts without tags", or "Process
 * existing contacts" when chosen leads are contacts already (tags are then disabled); "Processing..."
 * while the review page's action saves. Open it with `openDialog(SAVE_LEADS_DIALOG, …)`.
 */
export function SaveTagsDialog({ action, selection }: { action: string; selection: SaveLeadsSelection }) {
	const fetcher = useFetcher<LeadSaveReply>({ key: SAVE_LEADS_FETCHER })
	const saving = fetcher.state !== 'idle'
	const tagsDisabled = selection.existingCount > 0
	const [chosen, setChosen] = useState<TagOption[]>([])
	const chosenIds = new Set(chosen.map((tag) => tag.id))

	function toggle(tag: TagOption, on: boolean) {
		setChosen((previous) => (on ? [...previous, tag] : previous.filter((item) => item.id !== tag.id)))
	}

	function save() {
		const formData = new FormData()
		formData.set('intent', 'save')
		formData.set(LEAD_REVIEW_FIELDS.reply, 'data')
		if (selection.selectAll) formData.set(LEAD_REVIEW_FIELDS.selection, 'all')
		for (const id of selection.leadIds) formData.append(LEAD_REVIEW_FIELDS.leadId, id)
		if (!tagsDisabled) for (const tag of chosen) formData.append(LEAD_REVIEW_FIELDS.tagId, tag.id)
		fetcher.submit(formData, { method: 'post', action })
	}

	return (
		<StackedDialogShell
			title={
				selection.selectAll
					? 'Select tags for all contact(s)'
					: `Select tags for ${selection.count} contact(s)`
			}
			description={
				selection.selectAll
					? `All ${selection.count.toLocaleString('en-US')} new leads of this import are saved as contacts with the tags you choose.`
					: 'The chosen leads are saved as contacts with the tags you choose.'
			}
			className="max-w-2xl"
		>
			{tagsDisabled ? (
				<p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
					{LEAD_IMPORT_MESSAGES.tagsDisabled}
				</p>
			) : null}
			<TagPage chosenIds={chosenIds} tagsDisabled={tagsDisabled} saving={saving} onToggle={toggle} />
			<DialogFooter className="items-center sm:justify-between">
				<span className="text-sm text-muted-foreground" aria-live="polite">
					{tagsDisabled ? 0 : chosen.length} tag(s) selected
				</span>
				<div className="flex gap-2">
					<DialogCancelButton disabled={saving} />
					<Button type="button" onClick={save} disabled={saving}>
						{saving
							? 'Processing...'
							: tagsDisabled
								? 'Process existing contacts'
								: chosen.length
									? 'Save contacts with tag'
									: 'Save Contacts without tags'}
					</Button>
				</div>
			</DialogFooter>
		</StackedDialogShell>
	)
}

/** The searchable, paged tag table; a tag created inline is chosen at once. */
function TagPage({
	chosenIds,
	tagsDisabled,
	saving,
	onToggle,
}: {
	chosenIds: Set<string>
	tagsDisabled: boolean
	saving: boolean
	onToggle: (tag: TagOption, on: boolean) => void
}) {
	const pages = useTagPages()
	const { rows } = pages

	return (
		<>
			<TagSearchCreateBar
				search={pages.search}
				onSearchChange={pages.setSearch}
				allowCreate={!tagsDisabled}
				autoFocus
				onCreated={(tag) => {
					if (!chosenIds.has(tag.id)) onToggle(tag, true)
					pages.reload()
				}}
			/>
			<TagChoiceTable
				tags={rows ? rows.items.map((tag) => ({ ...tag, holdsAll: false })) : null}
				failed={pages.failed}
				isChosen={(tag) => chosenIds.has(tag.id)}
				checkbox={(tag) => ({
					checked: !tagsDisabled && chosenIds.has(tag.id),
					disabled: tagsDisabled || saving,
					onChange: (event) => onToggle({ id: tag.id, name: tag.name }, event.target.checked),
				})}
			/>
			<TagPager pages={pages} />
		</>
	)
}
