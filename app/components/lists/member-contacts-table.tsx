import { Link } from '@remix-run/react'
import { Users } from 'lucide-react'
import { formatDate } from '#app/components/settings/format-date.ts'
import { ContactStatusBadge } from '#app/components/status-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { CONTACTS_PAGE_SIZE } from '#app/schemas/contact-filter.ts'

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

/** The contacts of a list or a campaign: a page of 100 with plain Previous / Next links. */
export function MemberContactsTable({
	label,
	rows,
	total,
	page,
	pageHref,
	emptyMessage,
}: {
	label: string
	rows: MemberRow[]
	total: number
	page: number
	pageHref: (page: number) => string
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
	const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE))
	return (
		<div className="flex flex-col gap-3">
			<div className="rounded-md border bg-background">
				<Table aria-label={label}>
					<TableHeader>
						<TableRow>
							<TableHead>Name</TableHead>
							<TableHead>Email</TableHead>
							<TableHead>LinkedIn</TableHead>
							<TableHead>Company</TableHead>
							<TableHead>Status</TableHead>
							<TableHead>Tags</TableHead>
							<TableHead>Created</TableHead>
						</TableRow>
					</TableHeader>
					<TableBody>
						{rows.map((row) => (
							<TableRow key={row.id}>
								<TableCell className="font-medium">
									<Link to={`/contacts/${row.id}`} className="hover:underline">
										{`${row.firstName} ${row.lastName}`.trim()}
									</Link>
								</TableCell>
								<TableCell className="max-w-[14rem] truncate">{row.email}</TableCell>
								<TableCell className="max-w-[12rem] truncate">{row.linkedin}</TableCell>
								<TableCell className="max-w-[12rem] truncate">{row.company?.name}</TableCell>
								<TableCell>
									<ContactStatusBadge status={row.status} />
								</TableCell>
								<TableCell>
									<div className="flex flex-wrap gap-1">
										{row.tags.slice(0, VISIBLE_TAGS).map((tag) => (
											<Badge key={tag.id} variant="secondary" className="font-normal">
												{tag.name}
											</Badge>
										))}
										{row.tags.length > VISIBLE_TAGS ? (
											<Badge variant="outline" className="font-normal">
												+{row.tags.length - VISIBLE_TAGS}
											</Badge>
										) : null}
									</div>
								</TableCell>
								<TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
							</TableRow>
						))}
					</TableBody>
				</Table>
			</div>
			<nav
				aria-label={`${label} pages`}
				className="flex items-center justify-end gap-2 text-sm text-muted-foreground"
			>
				{page > 0 ? (
					<Link to={pageHref(page - 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
						Previous
					</Link>
				) : null}
				<span>
					Page {page + 1} of {pageCount} · {total.toLocaleString('en-US')} contacts
				</span>
				{page + 1 < pageCount ? (
					<Link to={pageHref(page + 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
						Next
					</Link>
				) : null}
			</nav>
		</div>
	)
}
