import { Download, ListPlus, Megaphone, Sparkles, Tags, X } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { SELECTION_FORM_ID } from './contacts-table.tsx'
import { type ContactSelectionApi } from './contacts-selection.ts'

const numberFormat = new Intl.NumberFormat('en-US')

/** Counts of the selection, "Select all N matching contacts", and the bulk actions. */
export function SelectionBar({
	selection,
	total,
	pageSelected,
	onAddTags,
	onAddToList,
	onAddToCampaign,
	onGenerateSequences,
}: {
	selection: ContactSelectionApi
	total: number
	/** Every row of the current page is ticked: the moment to offer all matching contacts. */
	pageSelected: boolean
	onAddTags?: () => void
	onAddToList?: () => void
	onAddToCampaign?: () => void
	onGenerateSequences?: () => void
}) {
	if (selection.count === 0) return null
	const all = selection.selection.mode === 'all'
	return (
		<section
			aria-label="Selected contacts"
			className="sticky bottom-4 z-10 flex flex-wrap items-center gap-2 rounded-md border bg-background px-4 py-2 shadow-md"
		>
			<p className="text-sm font-medium" role="status">
				{all && selection.count === total
					? `All ${numberFormat.format(total)} matching contacts selected`
					: `${numberFormat.format(selection.count)} selected`}
			</p>
			{!all && pageSelected && total > selection.count ? (
				<Button type="button" variant="link" size="sm" className="px-1" onClick={selection.selectAll}>
					Select all {numberFormat.format(total)} matching contacts
				</Button>
			) : null}
			<div className="ml-auto flex flex-wrap items-center gap-2">
				{[
					{ label: 'Add tags', Icon: Tags, onClick: onAddTags },
					{ label: 'Add to list', Icon: ListPlus, onClick: onAddToList },
					{ label: 'Add to campaign', Icon: Megaphone, onClick: onAddToCampaign },
					{ label: 'Generate Sequences', Icon: Sparkles, onClick: onGenerateSequences },
				].map(({ label, Icon, onClick }) =>
					onClick ? (
						<Button key={label} type="button" variant="outline" size="sm" onClick={onClick}>
							<Icon aria-hidden="true" />
							{label}
						</Button>
					) : null,
				)}
				<Button type="submit" form={SELECTION_FORM_ID} variant="outline" size="sm">
					<Download aria-hidden="true" />
					Export CSV
				</Button>
				<Button type="button" variant="ghost" size="sm" onClick={selection.clear}>
					<X aria-hidden="true" />
					Clear selection
				</Button>
			</div>
		</section>
	)
}

/**
 * The CSV export of the selection, a native POST so the browser downloads the file. The row
 * checkboxes belong to it through their `form` attribute, so without JavaScript ticking rows
 * and pressing "Export selected" works too; with it, the selection state fills it in.
 */
export function SelectionExportForm({
	selection,
	filter,
	hydrated,
}: {
	selection: ContactSelectionApi
	filter: ContactFilter
	hydrated: boolean
}) {
	const state = selection.selection
	return (
		<form
			id={SELECTION_FORM_ID}
			method="post"
			action="/resources/contacts/export"
			aria-label="Selected rows"
			className={hydrated ? 'hidden' : 'flex flex-wrap items-center gap-2'}
		>
			{hydrated && state.mode === 'all' ? (
				<>
					<input type="hidden" name="selection" value="all" />
					<FilterInputs filter={filter} />
					{[...state.excludeIds].map((id) => (
						<input key={id} type="hidden" name="excludeIds" value={id} />
					))}
				</>
			) : null}
			{hydrated && state.mode === 'ids' ? (
				<>
					<FilterInputs filter={filter} />
					{/* Rows ticked on other pages are not in the table any more. */}
					{[...state.ids].map((id) => (
						<input key={id} type="hidden" name="ids" value={id} />
					))}
				</>
			) : null}
			{hydrated ? null : (
				<>
					<FilterInputs filter={filter} />
					<span className="text-sm text-muted-foreground">Ticked rows:</span>
					<Button type="submit" variant="outline" size="sm">
						<Download aria-hidden="true" />
						Export selected
					</Button>
					{/* The Add-tags dialog's page: the same ticked ids, as a GET. */}
					<Button type="submit" variant="outline" size="sm" formAction="/contacts/tag" formMethod="get">
						<Tags aria-hidden="true" />
						Tag selected
					</Button>
				</>
			)}
		</form>
	)
}

function FilterInputs({ filter }: { filter: ContactFilter }) {
	return (
		<>
			{filter.search ? <input type="hidden" name="search" value={filter.search} /> : null}
			{filter.tags.length ? <input type="hidden" name="tags" value={filter.tags.join(',')} /> : null}
			{filter.campaign ? <input type="hidden" name="campaign" value={filter.campaign} /> : null}
			{filter.list ? <input type="hidden" name="list" value={filter.list} /> : null}
			<input type="hidden" name="sortBy" value={filter.sortBy} />
			<input type="hidden" name="sortDirection" value={filter.sortDirection} />
		</>
	)
}
