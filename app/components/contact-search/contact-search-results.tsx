import { Form, Link, useLocation } from '@remix-run/react'
import { useCallback, useMemo, useState } from 'react'
import { useDialogStack } from '#app/components/dialog-stack/dialog-stack.tsx'
import { useSaveReply } from '#app/components/lead-scraper/review-step.tsx'
import { SAVE_LEADS_DIALOG, SaveTagsDialog } from '#app/components/lead-scraper/save-tags-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Input } from '#app/components/ui/input.tsx'
import {
	CONTACT_SEARCH_MESSAGES,
	type CompanyContactSearchResult,
	type ContactSearchJobResult,
	type ContactSearchResult,
	searchedForLabel,
} from '#app/schemas/contact-search.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { contactSearchCsv, contactSearchCsvFileName } from './contact-search-csv.ts'
import { ContactSearchTable, resultFullName } from './contact-search-table.tsx'

// A finished contact search (spec "Contact search results" and "Bulk contact search results"):
// search, choose, Export CSV (n) and Import Leads (n). One form posts the checked people, so the
// choice and the import work without JavaScript; with it, the search filters as one types, the
// export is built in the browser and Import Leads opens the Add-contacts-to-tags dialog.

function matches(row: ContactSearchResult, needle: string) {
	if (!needle) return true
	const text = [resultFullName(row), row.role, row.email, row.companyName, row.matchReason, row.location]
		.filter(Boolean)
		.join(' ')
		.toLowerCase()
	return text.includes(needle)
}

function count(value: number, one: string, many: string) {
	return `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`
}

export function ContactSearchResults({
	result,
	initialSearch,
	exportHref,
	closeHref,
}: {
	result: ContactSearchJobResult
	initialSearch: string
	exportHref: string
	closeHref: string
}) {
	const hydrated = useHydrated()
	const location = useLocation()
	const action = `${location.pathname}${location.search}`
	const [search, setSearch] = useState(initialSearch)
	const needle = search.trim().toLowerCase()
	const [selected, setSelected] = useState<Set<string>>(() => new Set())
	const clear = useCallback(() => setSelected(new Set()), [])
	useSaveReply(clear)
	const { openDialog } = useDialogStack()

	const groups = useMemo(
		() =>
			result.results.map((company) => ({
				company,
				rows: company.topContacts.filter((row) => matches(row, needle)),
			})),
		[result, needle],
	)
	const all = result.results.flatMap((company) => company.topContacts)
	const displayed = groups.flatMap((group) => group.rows)
	const choosable = displayed.filter((row) => !row.existingContactId)
	const chosen = all.filter((row) => selected.has(row.id) && !row.existingContactId)
	const existing = displayed.filter((row) => row.existingContactId).length

	function toggle(ids: string[], on: boolean) {
		setSelected((previous) => {
			const next = new Set(previous)
			for (const id of ids) {
				if (on) next.add(id)
				else next.delete(id)
			}
			return next
		})
	}

	function exportCsv() {
		const now = new Date()
		const text = contactSearchCsv(result, chosen, now)
		const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
		const link = document.createElement('a')
		link.href = url
		link.download = contactSearchCsvFileName(result.mode, now)
		link.click()
		setTimeout(() => URL.revokeObjectURL(url), 0)
	}

	function openImport() {
		openDialog(
			SAVE_LEADS_DIALOG,
			<SaveTagsDialog
				action={action}
				selection={{
					selectAll: false,
					leadIds: chosen.map((row) => row.id),
					count: chosen.length,
					existingCount: 0,
				}}
			/>,
		)
	}

	const bulk = result.mode === 'bulk'
	const total = all.length
	return (
		<Card className="space-y-4 p-4">
			{bulk ? (
				<div className="space-y-2">
					<p className="text-lg font-semibold">
						Found {count(total, 'contact', 'contacts')} across{' '}
						{count(result.results.length, 'company', 'companies')}
					</p>
					<p className="text-sm text-muted-foreground">Looking for: {searchedForLabel(result)}</p>
					<dl className="grid grid-cols-3 gap-2 text-sm">
						<Counter label="Total Companies" value={result.results.length} />
						<Counter label="Found Contacts" value={total} />
						<Counter label="Displayed" value={displayed.length} />
					</dl>
				</div>
			) : (
				<p className="text-sm text-muted-foreground">Looking for: {searchedForLabel(result)}</p>
			)}
			<div className="flex flex-wrap items-center gap-2">
				<Form
					method="get"
					className="flex gap-2"
					role="search"
					onSubmit={(event) => hydrated && event.preventDefault()}
				>
					<Input
						type="search"
						name="search"
						aria-label="Search contacts"
						placeholder="Search contacts..."
						value={search}
						onChange={(event) => setSearch(event.currentTarget.value)}
						className="w-64"
					/>
					{hydrated ? null : (
						<Button type="submit" variant="outline">
							Search
						</Button>
					)}
				</Form>
				{bulk ? (
					<Button
						type="button"
						variant="outline"
						disabled={!hydrated || choosable.length === 0}
						onClick={() =>
							toggle(
								choosable.map((row) => row.id),
								chosen.length < choosable.length,
							)
						}
					>
						Select All ({choosable.length})
					</Button>
				) : (
					<label className="flex items-center gap-2 text-sm">
						<Checkbox
							aria-label="Select all"
							disabled={!hydrated || choosable.length === 0}
							checked={choosable.length > 0 && choosable.every((row) => selected.has(row.id))}
							onChange={(event) =>
								toggle(
									choosable.map((row) => row.id),
									event.currentTarget.checked,
								)
							}
						/>
						Select all
					</label>
				)}
				<div className="ml-auto">
					{hydrated ? (
						<Button type="button" variant="outline" disabled={chosen.length === 0} onClick={exportCsv}>
							Export CSV ({chosen.length})
						</Button>
					) : (
						<Button asChild variant="outline">
							<a href={exportHref} download>
								Export CSV ({total})
							</a>
						</Button>
					)}
				</div>
			</div>
			<Form method="post" action={action} className="space-y-4" aria-label="Import leads">
				<input type="hidden" name="intent" value="save" />
				<div className="h-[400px] overflow-auto rounded-md border" data-testid="results-scroll">
					{total === 0 ? (
						<Empty text={CONTACT_SEARCH_MESSAGES.nothingFound} />
					) : displayed.length === 0 ? (
						<Empty text={CONTACT_SEARCH_MESSAGES.noMatches} />
					) : bulk ? (
						groups.map((group) => (
							<CompanyGroup
								key={group.company.companyId ?? group.company.companyName}
								company={group.company}
								rows={group.rows}
								selected={selected}
								hydrated={hydrated}
								onToggle={toggle}
							/>
						))
					) : (
						<ContactSearchTable
							label="Contact search results"
							rows={displayed}
							isSelected={(id) => selected.has(id)}
							onToggle={(id, on) => toggle([id], on)}
						/>
					)}
				</div>
				<div className="flex flex-wrap items-center justify-between gap-2">
					<span className="text-sm text-muted-foreground" data-testid="results-footer" aria-live="polite">
						{[
							`${displayed.length} contacts displayed`,
							hydrated ? `${chosen.length} selected` : null,
							existing > 0 ? `${existing} already exist` : null,
						]
							.filter(Boolean)
							.join(' • ')}
					</span>
					<div className="flex gap-2">
						<Button asChild variant="outline">
							<Link to={closeHref}>Close</Link>
						</Button>
						{hydrated ? (
							<Button type="button" disabled={chosen.length === 0} onClick={openImport}>
								Import Leads ({chosen.length})
							</Button>
						) : (
							<Button type="submit">Import Leads</Button>
						)}
					</div>
				</div>
			</Form>
		</Card>
	)
}

function Counter({ label, value }: { label: string; value: number }) {
	return (
		<div className="rounded-md border p-2">
			<dt className="text-muted-foreground">{label}</dt>
			<dd className="text-lg font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
		</div>
	)
}

function Empty({ text }: { text: string }) {
	return <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{text}</p>
}

function CompanyGroup({
	company,
	rows,
	selected,
	hydrated,
	onToggle,
}: {
	company: CompanyContactSearchResult
	rows: ContactSearchResult[]
	selected: Set<string>
	hydrated: boolean
	onToggle: (ids: string[], on: boolean) => void
}) {
	const choosable = rows.filter((row) => !row.existingContactId).map((row) => row.id)
	const chosenHere = choosable.filter((id) => selected.has(id)).length
	const existing = company.topContacts.filter((row) => row.existingContactId).length
	const stats = [
		`${company.topContacts.length} contacts found`,
		existing > 0 ? `${existing} already exist` : null,
		`${company.totalEmployeesAnalyzed} employees analyzed`,
	].filter(Boolean)
	return (
		<section aria-label={company.companyName} className="border-b" data-testid="company-group">
			<header className="flex flex-wrap items-center gap-3 bg-muted/60 px-3 py-2">
				<Checkbox
					aria-label={`Select ${company.companyName}`}
					disabled={!hydrated || choosable.length === 0}
					checked={choosable.length > 0 && chosenHere === choosable.length}
					onChange={(event) => onToggle(choosable, event.currentTarget.checked)}
				/>
				<span className="font-medium">{company.companyName}</span>
				<span className="text-sm text-muted-foreground">{stats.join(' • ')}</span>
				{hydrated ? (
					<span className="ml-auto text-sm text-muted-foreground">{chosenHere} selected</span>
				) : null}
			</header>
			{company.error ? <p className="px-3 py-2 text-sm text-destructive">{company.error}</p> : null}
			{rows.length ? (
				<ContactSearchTable
					label={`Contacts at ${company.companyName}`}
					rows={rows}
					isSelected={(id) => selected.has(id)}
					onToggle={(id, on) => onToggle([id], on)}
				/>
			) : (
				<p className="px-3 py-4 text-sm text-muted-foreground">
					{CONTACT_SEARCH_MESSAGES.noContactsForCompany}
				</p>
			)}
		</section>
	)
}
