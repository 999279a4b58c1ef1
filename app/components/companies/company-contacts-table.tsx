import { Link } from '@remix-run/react'
import { type ContactTableRow } from '#app/components/contacts/contacts-table.tsx'
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

export type CompanyContactRow = Pick<
	ContactTableRow,
	'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'status'
>

export function CompanyContactsTable({ contacts }: { contacts: CompanyContactRow[] }) {
	if (contacts.length === 0) {
		return (
			<p className="px-6 py-8 text-center text-sm text-muted-foreground">No contacts at this company yet.</p>
		)
	}
	return (
		<Table aria-label="Contacts at this company">
			<TableHeader>
				<TableRow>
					<TableHead>Name</TableHead>
					<TableHead>Role</TableHead>
					<TableHead>Email</TableHead>
					<TableHead className="w-px">Status</TableHead>
				</TableRow>
			</TableHeader>
			<TableBody>
				{contacts.map((contact) => (
					<TableRow key={contact.id}>
						<TruncatedCell
							text={`${contact.firstName} ${contact.lastName}`.trim()}
							className="min-w-[8rem] font-medium"
						>
							<Link
								to={`/contacts/${contact.id}`}
								className="text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
							>
								{contact.firstName} {contact.lastName}
							</Link>
						</TruncatedCell>
						<TruncatedCell text={contact.role ?? '—'} />
						<TruncatedCell text={contact.email ?? '—'}>
							{contact.email ? (
								<a href={`mailto:${contact.email}`} className="text-primary hover:underline">
									{contact.email}
								</a>
							) : (
								'—'
							)}
						</TruncatedCell>
						<TableCell>
							<ContactStatusBadge status={contact.status} />
						</TableCell>
					</TableRow>
				))}
			</TableBody>
		</Table>
	)
}
