import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { CONTACT_SEARCH_MESSAGES, type ContactSearchResult } from '#app/schemas/contact-search.ts'
import {
	cutText,
	LEAD_REVIEW_FIELDS,
	REVIEW_EMAIL_MAX_CHARS,
	REVIEW_ROLE_MAX_CHARS,
} from '#app/schemas/lead-review.ts'
import { cn } from '#app/utils/misc.ts'

const HEAD = 'whitespace-nowrap px-3 py-2 font-medium text-muted-foreground'
const CELL = 'px-3 py-2'

export function resultFullName(result: Pick<ContactSearchResult, 'firstName' | 'lastName'>) {
	return [result.firstName, result.lastName].filter(Boolean).join(' ').trim()
}

/**
 * Contact search results (spec): Rank ("#rank" or "#N/A"), Full Name (to the LinkedIn profile in
 * a new tab, or "Name not available" / "-"), Role cut at 40 and Email at 20 characters with the
 * full text in a tooltip, Company, Match Reason. People already saved are dimmed and cannot be
 * chosen. Each checkbox posts `leadId` with the page's form, so the choice works without script.
 */
export function ContactSearchTable({
	label,
	rows,
	isSelected,
	onToggle,
}: {
	label: string
	rows: ContactSearchResult[]
	isSelected: (id: string) => boolean
	onToggle: (id: string, on: boolean) => void
}) {
	return (
		<table className="w-full text-sm" aria-label={label}>
			<thead className="sticky top-0 z-10 bg-muted text-left">
				<tr className="border-b">
					<th className="w-10 px-3 py-2">
						<span className="sr-only">Select</span>
					</th>
					<th className={HEAD}>Rank</th>
					<th className={HEAD}>Full Name</th>
					<th className={HEAD}>Role</th>
					<th className={HEAD}>Company</th>
					<th className={HEAD}>Email</th>
					<th className={HEAD}>Match Reason</th>
				</tr>
			</thead>
			<tbody>
				{rows.map((row) => (
					<ResultRow
						key={row.id}
						row={row}
						selected={isSelected(row.id)}
						onToggle={(on) => onToggle(row.id, on)}
					/>
				))}
			</tbody>
		</table>
	)
}

function ResultRow({
	row,
	selected,
	onToggle,
}: {
	row: ContactSearchResult
	selected: boolean
	onToggle: (on: boolean) => void
}) {
	const name = resultFullName(row)
	const existing = row.existingContactId !== null
	return (
		// Dimmed by colour, not opacity: its "Already a contact" link must stay readable (4.5:1).
		<tr
			className={cn('border-b align-top', existing ? 'bg-muted/40 text-muted-foreground' : 'hover:bg-muted')}
			data-testid="result-row"
			data-existing={existing || undefined}
		>
			<td className="px-3 py-2">
				<Checkbox
					name={LEAD_REVIEW_FIELDS.leadId}
					value={row.id}
					aria-label={`Select ${name || row.role || 'contact'}`}
					checked={selected}
					disabled={existing}
					title={existing ? 'Already a contact' : undefined}
					onChange={(event) => onToggle(event.currentTarget.checked)}
				/>
			</td>
			<td className={cn(CELL, 'whitespace-nowrap tabular-nums')}>{row.rank ? `#${row.rank}` : '#N/A'}</td>
			{/* Names and companies keep to one line, cut with an ellipsis and whole in the tooltip (decision 046). */}
			<td className={cn(CELL, 'min-w-[10rem] max-w-0 truncate whitespace-nowrap')} title={name || undefined}>
				{name && row.linkedinUrl ? (
					<a href={row.linkedinUrl} target="_blank" rel="noreferrer" className="font-medium hover:underline">
						{name}
					</a>
				) : (
					<span className={name ? 'font-medium' : 'text-muted-foreground'}>
						{name || (row.linkedinUrl ? CONTACT_SEARCH_MESSAGES.nameNotAvailable : '-')}
					</span>
				)}
				{existing ? <span className="ml-2 text-xs text-muted-foreground">Already a contact</span> : null}
			</td>
			<td className={cn(CELL, 'min-w-[10rem]')} title={row.role ?? undefined} data-wrap>
				{row.role ? cutText(row.role, REVIEW_ROLE_MAX_CHARS) : '-'}
			</td>
			<td
				className={cn(CELL, 'min-w-[8rem] max-w-0 truncate whitespace-nowrap')}
				title={row.companyName ?? row.companyData.name ?? undefined}
			>
				{row.companyName ?? row.companyData.name ?? '-'}
			</td>
			<td className={cn(CELL, 'whitespace-nowrap')}>
				{row.email ? (
					<a href={`mailto:${row.email}`} title={row.email} className="hover:underline">
						{cutText(row.email, REVIEW_EMAIL_MAX_CHARS)}
					</a>
				) : (
					'-'
				)}
			</td>
			<td className={cn(CELL, 'min-w-[14rem] text-muted-foreground')} data-wrap>
				{row.matchReason}
			</td>
		</tr>
	)
}
