import { type DrawerSequence } from '#app/schemas/sequence-drawer.ts'

const TITLES: Record<string, string> = {
	CREATING: 'Generating Sequence',
	PENDING: 'Draft Sequence',
	ACTIVE: 'Active Sequence',
	PAUSED: 'Sequence Replies',
	COMPLETED: 'Completed Sequence',
	CANCELLED: 'Cancelled Sequence',
	FAILED: 'Failed Sequence',
}

/** The drawer's title by status (spec, section 2). */
export function drawerTitle(status: string) {
	return TITLES[status] ?? 'Sequence'
}

/** From, To and LinkedIn. */
export function DrawerHeader({ sequence }: { sequence: DrawerSequence }) {
	const { contact } = sequence
	const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ')
	const linkedin = contact.linkedin && /^https:\/\//i.test(contact.linkedin) ? contact.linkedin : null
	return (
		<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border bg-muted/20 p-3 text-sm">
			<dt className="text-muted-foreground">From</dt>
			<dd className="min-w-0 break-all" data-testid="drawer-from">
				{sequence.fromEmail ?? <span className="text-muted-foreground">No sender</span>}
			</dd>
			<dt className="text-muted-foreground">To</dt>
			<dd className="min-w-0 break-all" data-testid="drawer-to">
				{name}
				{contact.email ? <span className="text-muted-foreground"> &lt;{contact.email}&gt;</span> : null}
			</dd>
			<dt className="text-muted-foreground">LinkedIn</dt>
			<dd className="min-w-0 break-all">
				{linkedin ? (
					<a
						href={linkedin}
						target="_blank"
						rel="noopener noreferrer"
						className="underline underline-offset-4"
					>
						{linkedin}
					</a>
				) : (
					(contact.linkedin ?? <span className="text-muted-foreground">Not provided</span>)
				)}
			</dd>
		</dl>
	)
}
