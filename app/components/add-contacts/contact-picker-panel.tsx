import { Form, Link } from '@remix-run/react'
import { Search, X } from 'lucide-react'
import { AddedMark, ContactPageLinks } from '#app/components/contacts/contact-table-parts.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Input } from '#app/components/ui/input.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { type CandidateRow, PICKER_FIELDS } from '#app/schemas/add-contacts.ts'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { pageCount } from '#app/utils/pagination.ts'

/** The state of the form, all of it in the page's query string. */
export type PickerState = {
	search: string
	/** The tag ids filtering the rows. */
	tags: string[]
	/** 1-based. */
	page: number
}

/** The page at `base` with the form open on `state`: ?add=1&search&tags&page. */
export function pickerHref(base: string, { search, tags, page }: PickerState) {
	const params = new URLSearchParams({ add: '1' })
	if (search) params.set(PICKER_FIELDS.search, search)
	if (tags.length) params.set(PICKER_FIELDS.tags, tags.join(','))
	if (page > 1) params.set('page', String(page))
	return `${base}?${params}`
}

/**
 * Adding contacts without JavaScript (with it, AddContactsDialog): a search (GET, state in the
 * query string), a page of contacts with checkboxes (members read Added, ineligible ones show
 * their rule), and the dialog's words, Add Selected / Add All (total), posting to the page's
 * action at `base`.
 */
export function ContactPickerPanel({
	heading,
	intent,
	base,
	state,
	rows,
	total,
	addable,
}: {
	heading: string
	intent: string
	base: string
	state: PickerState
	rows: CandidateRow[]
	total: number
	/** The matching contacts not yet members: what Add All adds. */
	addable: number
}) {
	const { search, tags, page } = state
	const body = (
		<div className="flex flex-col gap-3">
			<Form method="get" className="flex gap-2" role="search">
				<input type="hidden" name="add" value="1" />
				{tags.length ? <input type="hidden" name="tags" value={tags.join(',')} /> : null}
				<Input
					type="search"
					name={PICKER_FIELDS.search}
					defaultValue={search}
					aria-label="Search contacts"
					placeholder="Search by name, email, company or role"
				/>
				<Button type="submit" variant="outline">
					<Search aria-hidden="true" />
					Search
				</Button>
			</Form>
			<Form method="post" className="flex flex-col gap-3">
				<input type="hidden" name="intent" value={intent} />
				<input type="hidden" name={PICKER_FIELDS.search} value={search} />
				<input type="hidden" name={PICKER_FIELDS.tags} value={tags.join(',')} />
				{rows.length === 0 ? (
					<p className="text-sm text-muted-foreground">No contacts found</p>
				) : (
					<div className="max-h-[60vh] overflow-auto rounded-md border">
						<Table aria-label="Contacts to add">
							<TableHeader>
								<TableRow>
									<TableHead className="w-10">
										<span className="sr-only">Select</span>
									</TableHead>
									<TableHead>Name</TableHead>
									<TableHead>Email</TableHead>
									<TableHead>Company</TableHead>
									<TableHead>Created At</TableHead>
									<TableHead>Status</TableHead>
								</TableRow>
							</TableHeader>
							<TableBody>
								{rows.map((row) => {
									const name = `${row.firstName} ${row.lastName}`.trim()
									const disabled = row.added || Boolean(row.ineligibleReason)
									return (
										<TableRow key={row.id} aria-disabled={disabled || undefined}>
											<TableCell>
												<Checkbox
													name={PICKER_FIELDS.ids}
													value={row.id}
													disabled={disabled}
													aria-label={`Select ${name}`}
												/>
											</TableCell>
											<TruncatedCell text={name} className="min-w-[8rem] font-medium" />
											<TruncatedCell text={row.email} />
											<TruncatedCell text={row.company?.name} />
											<TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
											<TableCell className="text-xs" data-wrap>
												{row.added ? (
													<AddedMark />
												) : (
													<span className="text-muted-foreground">{row.ineligibleReason}</span>
												)}
											</TableCell>
										</TableRow>
									)
								})}
							</TableBody>
						</Table>
					</div>
				)}
				<div className="flex flex-wrap items-center justify-between gap-2">
					<ContactPageLinks
						label="Pagination"
						page={page}
						pageCount={pageCount(total, CONTACTS_PAGE_SIZE)}
						total={total}
						pageHref={(target) => pickerHref(base, { ...state, page: target })}
					/>
					<div className="flex gap-2">
						<Button type="submit" name={PICKER_FIELDS.scope} value="selected" disabled={rows.length === 0}>
							Add Selected
						</Button>
						<Button
							type="submit"
							name={PICKER_FIELDS.scope}
							value="all"
							variant="secondary"
							disabled={addable === 0}
						>
							Add All ({addable.toLocaleString('en-US')})
						</Button>
					</div>
				</div>
			</Form>
		</div>
	)
	return (
		<Card aria-labelledby="contact-picker-heading">
			<CardHeader className="flex-row items-center justify-between space-y-0">
				<CardTitle id="contact-picker-heading" className="text-lg">
					{heading}
				</CardTitle>
				<Link to={base} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
					<X aria-hidden="true" />
					Close
				</Link>
			</CardHeader>
			<CardContent>{body}</CardContent>
		</Card>
	)
}
