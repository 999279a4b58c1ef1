import { Link } from '@remix-run/react'
import { Users } from 'lucide-react'
import { LinkedInCell } from '#app/components/contacts/linkedin-cell.tsx'
import { BadgeOverflow, ContactPageLinks } from '#app/components/contacts/contact-table-parts.tsx'
import { formatDate } from '#app/components/settings/format-date.ts'
import { ContactStatusBadge } from '#app/components/status-badge.tsx'
import {
	Table,
	TableBody,
	TableCell,
	TableHead,
	TableHeader,
	TableRow,
	TruncatedCell,
} from '#app/components/ui/table.tsx'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'
import { pageCount } from '#app/utils/pagination.ts'

export type MemberRow = {
	id: string
	firstName: string
	lastName: string
	email: string | null
	linkedin: string | null
	status: string
	createdAt: string
	company: { id: string; name: string } | null
	tags: Array<{ id: string; name: string }>
}

const VISIBLE_TAGS = 3

/**
 * The contacts of a list or a campaign (the page at `base`): a page of 100 with plain Previous /
 * Next links (`?contactsPage=2` is the second page).
 */
export function MemberContactsTable({
	label,
	rows,
	total,
	page,
	base,
	emptyMessage,
}: {
	label: string
	rows: MemberRow[]
	total: number
	/** 1-based. */
	page: number
	base: string
	emptyMessage: string
}) {
	if (total === 0) {
		return (
			<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-background p-10 text-center">
				<Users className="size-8 text-muted-foreground" aria-hidden="true" />
				<p className="text-sm text-muted-foreground">{emptyMessage}</p>
			</div>
		)
	}
	return (
		<div className="flex flex-col gap-3">
			<div className="rounded-md border bg-background">
				<Table aria-label={label}>
					<TableHeader>
						<TableRow>
							<TableHead>Name</TableHead>
							<TableHead>Email</TableHead>
							<TableHead priority="low">LinkedIn</TableHead>
							<TableHead>Company</TableHead>
							<TableHead className="w-px">Status</TableHead>
							<TableHead priority="low">Tags</TableHead>
							<TableHead className="w-px">Created</TableHead>
						</TableRow>
					</TableHeader>
					<TableBody>
						{rows.map((row) => (
							<TableRow key={row.id}>
								<TruncatedCell
									text={`${row.firstName} ${row.lastName}`.trim()}
									className="min-w-[8rem] font-medium"
								>
									<Link to={`/contacts/${row.id}`} className="hover:underline">
										{`${row.firstName} ${row.lastName}`.trim()}
									</Link>
								</TruncatedCell>
								<TruncatedCell text={row.email} />
								<LinkedInCell url={row.linkedin} />
								<TruncatedCell text={row.company?.name} />
								<TableCell>
									<ContactStatusBadge status={row.status} />
								</TableCell>
								<TableCell priority="low" className="min-w-[13rem] max-w-0">
									<BadgeOverflow items={row.tags} visible={VISIBLE_TAGS} label="tags" />
								</TableCell>
								<TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
							</TableRow>
						))}
					</TableBody>
				</Table>
			</div>
			<ContactPageLinks
				label={`${label} pages`}
				className="justify-end"
				page={page}
				pageCount={pageCount(total, CONTACTS_PAGE_SIZE)}
				total={total}
				pageHref={(target) => (target > 1 ? `${base}?contactsPage=${target}` : base)}
			/>
		</div>
	)
}
