import { Link } from '@remix-run/react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { type ReviewLead } from '#app/models/lead-import/lead-review.server.ts'
import {
	cutText,
	LEAD_REVIEW_FIELDS,
	REVIEW_EMAIL_MAX_CHARS,
	REVIEW_ROLE_MAX_CHARS,
} from '#app/schemas/lead-review.ts'
import { cn } from '#app/utils/misc.ts'
import { isWebUrl } from '#app/utils/web-url.ts'

export type ReviewTableLead = Pick<
	ReviewLead,
	'id' | 'firstName' | 'middleName' | 'lastName' | 'email' | 'phone' | 'linkedin' | 'role' | 'companyName'
> & { existingContactId: string | null }

const HEAD = 'whitespace-nowrap px-3 py-2 font-medium text-muted-foreground'
const CELL = 'whitespace-nowrap px-3 py-2'

export function leadFullName(lead: Pick<ReviewLead, 'firstName' | 'middleName' | 'lastName'>) {
	return [lead.firstName, lead.middleName, lead.lastName].filter(Boolean).join(' ').trim()
}

/**
 * The leads of one page (spec: table area 400 px, role cut at 40 characters, email at 20 as a
 * mailto link, the name linking to the LinkedIn profile in a new tab). Leads that are already
 * contacts are dimmed and cannot be chosen. Each checkbox posts `leadId` with the save form.
 */
export function ReviewTable({
	leads,
	isSelected,
	onToggle,
	pageChecked,
	onTogglePage,
	interactive,
}: {
	leads: ReviewTableLead[]
	isSelected: (lead: ReviewTableLead) => boolean
	onToggle: (id: string, on: boolean) => void
	pageChecked: boolean
	onTogglePage: (on: boolean) => void
	/** The header checkbox needs JavaScript. */
	interactive: boolean
}) {
	return (
		<div className="h-[400px] overflow-auto rounded-md border" data-testid="lead-table-scroll">
			<table className="w-full caption-bottom text-sm" aria-label="Leads to review">
				<thead className="sticky top-0 z-10 bg-muted text-left">
					<tr className="border-b">
						<th className="w-10 px-3 py-2">
							<Checkbox
								aria-label="Select all on this page"
								checked={pageChecked}
								disabled={!interactive || leads.every((lead) => lead.existingContactId !== null)}
								onChange={(event) => onTogglePage(event.currentTarget.checked)}
							/>
						</th>
						<th className={HEAD}>Full Name</th>
						<th className={HEAD}>Role</th>
						<th className={HEAD}>Company</th>
						<th className={HEAD}>Email</th>
						<th className={HEAD}>Phone</th>
					</tr>
				</thead>
				<tbody>
					{leads.map((lead) => (
						<LeadRow
							key={lead.id}
							lead={lead}
							selected={isSelected(lead)}
							onToggle={(on) => onToggle(lead.id, on)}
						/>
					))}
				</tbody>
			</table>
		</div>
	)
}

function LeadRow({
	lead,
	selected,
	onToggle,
}: {
	lead: ReviewTableLead
	selected: boolean
	onToggle: (on: boolean) => void
}) {
	const name = leadFullName(lead)
	const existing = lead.existingContactId !== null
	return (
		// Dimmed by colour, not opacity: its "Already a contact" link must stay readable (4.5:1).
		<tr
			className={cn('border-b align-top', existing ? 'bg-muted/40 text-muted-foreground' : 'hover:bg-muted')}
			data-testid="lead-row"
			data-existing={existing || undefined}
		>
			<td className="px-3 py-2">
				<Checkbox
					name={LEAD_REVIEW_FIELDS.leadId}
					value={lead.id}
					aria-label={`Select ${name || 'lead'}`}
					checked={selected}
					disabled={existing}
					title={existing ? 'Already a contact' : undefined}
					onChange={(event) => onToggle(event.currentTarget.checked)}
				/>
			</td>
			{/* Names and companies keep to one line, cut with an ellipsis and whole in the tooltip (decision 046). */}
			<td className={cn(CELL, 'min-w-[10rem] max-w-0')}>
				<span className="block truncate" title={name || undefined}>
					<LeadName name={name} linkedin={lead.linkedin} />
				</span>
				{lead.existingContactId ? (
					<Link
						to={`/contacts/${encodeURIComponent(lead.existingContactId)}`}
						className="block text-xs text-muted-foreground hover:underline"
					>
						Already a contact
					</Link>
				) : null}
			</td>
			<td className={CELL} title={lead.role ?? undefined}>
				{lead.role ? cutText(lead.role, REVIEW_ROLE_MAX_CHARS) : <Empty />}
			</td>
			<td className={cn(CELL, 'min-w-[8rem] max-w-0')}>
				<span className="block truncate" title={lead.companyName || undefined}>
					{lead.companyName || <Empty />}
				</span>
			</td>
			<td className={CELL} title={lead.email ?? undefined}>
				{lead.email ? (
					<a href={`mailto:${lead.email}`} className="text-primary hover:underline">
						{cutText(lead.email, REVIEW_EMAIL_MAX_CHARS)}
					</a>
				) : (
					<Empty />
				)}
			</td>
			<td className={CELL}>{lead.phone || <Empty />}</td>
		</tr>
	)
}

function LeadName({ name, linkedin }: { name: string; linkedin: string | null }) {
	if (!name) return <span className="text-muted-foreground">Name not available</span>
	if (!linkedin || !isWebUrl(linkedin)) return <span className="font-medium">{name}</span>
	return (
		<a
			href={linkedin}
			target="_blank"
			rel="noopener noreferrer"
			className="font-medium text-primary hover:underline"
		>
			{name}
		</a>
	)
}

function Empty() {
	return <span className="text-muted-foreground">-</span>
}
