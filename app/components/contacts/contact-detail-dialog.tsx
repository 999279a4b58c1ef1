import { Building2, ExternalLink, Loader2, Mail, Pencil, Phone, Trash2 } from 'lucide-react'
import { Link, useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { useConfirm } from '#app/components/dialog-stack/confirm-dialog.tsx'
import { ContactStatusBadge } from '#app/components/status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle } from '#app/components/ui/dialog.tsx'
import { type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { ViewSequencesDialog } from '#app/components/sequences/view-sequences-dialog.tsx'
import { GenerateSequencePanel } from '#app/components/sequences/generate-sequence-panel.tsx'
import { type ContactCard } from '#app/models/contact/contact-select.ts'
import { ApiError, apiRequest, isAbortError } from '#app/utils/api-client.ts'
import { useOnNewValue } from '#app/utils/use-on-new-value.ts'
import { isWebUrl } from '#app/utils/web-url.ts'
import { EditContactDialog } from './edit-contact-dialog.tsx'

/** What the contact panels show (GET /api/v1/contacts/:id?company=true, or a page loader). */
export type ContactDetail = ContactCard & {
	summary: string | null
	status: string
	lastContactedAt: string | null
	company: {
		id: string
		name: string
		tagline: string | null
		industry: string | null
		employeeCount: number | null
		employeeCountRange: string | null
		summary: string | null
		description: string
	} | null
	tags: Array<{ id: string; name: string }>
}

type ContactDetailSource = Omit<ContactDetail, 'lastContactedAt' | 'company'> & {
	lastContactedAt: Date | string | null
	company: ContactDetail['company'] | null
}

/** Picks the panels' fields (and nothing else) from a stored contact with its company. */
export function toContactDetail(contact: ContactDetailSource): ContactDetail {
	const { company } = contact
	return {
		id: contact.id,
		firstName: contact.firstName,
		middleName: contact.middleName,
		lastName: contact.lastName,
		email: contact.email,
		phone: contact.phone,
		linkedin: contact.linkedin,
		role: contact.role,
		roleDetails: contact.roleDetails,
		summary: contact.summary,
		status: contact.status,
		lastContactedAt:
			contact.lastContactedAt instanceof Date
				? contact.lastContactedAt.toISOString()
				: contact.lastContactedAt,
		company: company
			? {
					id: company.id,
					name: company.name,
					tagline: company.tagline,
					industry: company.industry,
					employeeCount: company.employeeCount,
					employeeCountRange: company.employeeCountRange,
					summary: company.summary,
					description: company.description,
				}
			: null,
		tags: contact.tags.map(({ id, name }) => ({ id, name })),
	}
}

export function fullName(contact: Pick<ContactDetail, 'firstName' | 'middleName' | 'lastName'>) {
	return [contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ')
}

function initials(contact: Pick<ContactDetail, 'firstName' | 'lastName'>) {
	return `${contact.firstName.charAt(0)}${contact.lastName.charAt(0)}`.toUpperCase()
}

// UTC, so a server render and the browser's hydration print the same day.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
	['year', 365 * 86_400],
	['month', 30 * 86_400],
	['week', 7 * 86_400],
	['day', 86_400],
	['hour', 3_600],
	['minute', 60],
]

/** "3 days ago", "in 2 hours", "just now". */
export function relativeTime(date: Date, now = Date.now()) {
	const seconds = Math.round((date.getTime() - now) / 1000)
	for (const [unit, size] of UNITS) {
		if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit)
	}
	return 'just now'
}

function companySize(company: NonNullable<ContactDetail['company']>) {
	if (company.employeeCountRange) return `${company.employeeCountRange} employees`
	if (company.employeeCount !== null) return `${company.employeeCount.toLocaleString('en-US')} employees`
	return null
}

/**
 * The spec's contact panels: a header (initials, full name, role, company, last contacted
 * relative and absolute, status badge), then Contact Information, Professional Details and
 * Company Details. `actions` are the buttons (dialog and page differ in how they act).
 */
export function ContactDetailView({
	contact,
	actions,
	titleAs: Title = 'h2',
}: {
	contact: ContactDetail
	actions?: React.ReactNode
	/** The dialog passes its DialogTitle so the name labels the dialog. */
	titleAs?: React.ElementType
}) {
	const lastContacted = contact.lastContactedAt ? new Date(contact.lastContactedAt) : null
	const company = contact.company
	return (
		<div className="grid gap-6">
			<header className="flex flex-wrap items-start gap-4">
				<span
					aria-hidden="true"
					className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
				>
					{initials(contact)}
				</span>
				<div className="min-w-0 flex-1 space-y-1">
					<div className="flex flex-wrap items-center gap-2">
						<Title className="text-xl font-semibold leading-tight">{fullName(contact)}</Title>
						<ContactStatusBadge status={contact.status} />
					</div>
					<p className="text-sm text-muted-foreground">
						{[contact.role, company?.name].filter(Boolean).join(' at ') || 'No role or company'}
					</p>
					<p className="text-sm text-muted-foreground" data-testid="last-contacted">
						{lastContacted ? (
							<>
								Last contacted {relativeTime(lastContacted)} ·{' '}
								<time dateTime={lastContacted.toISOString()}>{dateFormat.format(lastContacted)}</time>
							</>
						) : (
							'Never contacted'
						)}
					</p>
				</div>
			</header>
			{actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
			<div className="grid gap-4 md:grid-cols-2">
				<Panel title="Contact Information">
					<Item label="Email" icon={<Mail aria-hidden="true" className="h-4 w-4" />}>
						{contact.email ? (
							<a
								className="font-medium underline underline-offset-4 hover:text-primary/80"
								href={`mailto:${contact.email}`}
							>
								{contact.email}
							</a>
						) : null}
					</Item>
					<Item label="Phone" icon={<Phone aria-hidden="true" className="h-4 w-4" />}>
						{contact.phone ? (
							<a
								className="font-medium underline underline-offset-4 hover:text-primary/80"
								href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
							>
								{contact.phone}
							</a>
						) : null}
					</Item>
					<Item label="LinkedIn" icon={<ExternalLink aria-hidden="true" className="h-4 w-4" />}>
						{contact.linkedin && isWebUrl(contact.linkedin) ? (
							<a
								className="break-all font-medium underline underline-offset-4 hover:text-primary/80"
								href={contact.linkedin}
								target="_blank"
								rel="noopener noreferrer"
							>
								{contact.linkedin}
							</a>
						) : (
							contact.linkedin
						)}
					</Item>
				</Panel>
				<Panel title="Professional Details">
					<Item label="Role">{contact.role}</Item>
					<Item label="Role Details">{contact.roleDetails}</Item>
					<Item label="Company" icon={<Building2 aria-hidden="true" className="h-4 w-4" />}>
						{company ? (
							<Link
								to={`/companies/${company.id}`}
								className="font-medium underline underline-offset-4 hover:text-primary/80"
							>
								{company.name}
							</Link>
						) : null}
					</Item>
					<Item label="Tagline">{company?.tagline}</Item>
					<Item label="Size">{company ? companySize(company) : null}</Item>
					<Item label="Industry">{company?.industry}</Item>
				</Panel>
				<Panel title="Company Details" className="md:col-span-2">
					<Item label="Summary">{company?.summary}</Item>
					<Item label="Description">{company?.description}</Item>
				</Panel>
			</div>
		</div>
	)
}

function Panel({
	title,
	className,
	children,
}: {
	title: string
	className?: string
	children: React.ReactNode
}) {
	const headingId = `panel-${title.toLowerCase().replace(/\s+/g, '-')}`
	return (
		<section aria-labelledby={headingId} className={`rounded-lg border bg-muted/20 p-4 ${className ?? ''}`}>
			<h3 id={headingId} className="mb-3 text-sm font-semibold">
				{title}
			</h3>
			<dl className="grid gap-3">{children}</dl>
		</section>
	)
}

function Item({
	label,
	icon,
	children,
}: {
	label: string
	icon?: React.ReactNode
	children: React.ReactNode
}) {
	const empty = children === null || children === undefined || children === ''
	return (
		<div className="grid gap-0.5">
			<dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
				{icon}
				{label}
			</dt>
			<dd className="whitespace-pre-line break-words text-sm">
				{empty ? <span className="text-muted-foreground">Not provided</span> : children}
			</dd>
		</div>
	)
}

type LoadState =
	| { status: 'loading' }
	| { status: 'loaded'; contact: ContactDetail }
	| { status: 'not_found' }
	| { status: 'error'; message: string }

/** GET /api/v1/contacts/:id?company=true, again whenever `reload` is called. */
function useContactDetail(contactId: string) {
	const [state, setState] = useState<LoadState>({ status: 'loading' })
	const [version, setVersion] = useState(0)
	useEffect(() => {
		const controller = new AbortController()
		apiRequest<ContactDetailSource>(`/api/v1/contacts/${encodeURIComponent(contactId)}?company=true`, {
			signal: controller.signal,
			fallbackMessage: 'Please try again later',
		})
			.then((body) => setState({ status: 'loaded', contact: toContactDetail(body) }))
			.catch((error: unknown) => {
				if (controller.signal.aborted || isAbortError(error)) return
				if (error instanceof ApiError && error.status === 404) return setState({ status: 'not_found' })
				setState({
					status: 'error',
					message: error instanceof Error ? error.message : 'Please try again later',
				})
			})
		return () => controller.abort()
	}, [contactId, version])
	const reload = useCallback(() => setVersion((value) => value + 1), [])
	return { state, reload }
}

/**
 * The contact detail dialog: the panels, Delete Contact (after a confirmation), Edit (the Edit
 * Contact modal), and Generate Sequence / View Sequences (wired by the sequences issue).
 */
export function ContactDetailDialog({
	contactId,
	open,
	onOpenChange,
	onDeleted,
	onUpdated,
}: DialogOpenProps & {
	contactId: string | null
	onDeleted?: (id: string) => void
	onUpdated?: (contact: unknown) => void
}) {
	return (
		<Dialog open={open && Boolean(contactId)} onOpenChange={onOpenChange}>
			{open && contactId ? (
				<DialogContent className="max-w-3xl" aria-describedby={undefined}>
					<ContactDetailBody
						key={contactId}
						contactId={contactId}
						onClose={() => onOpenChange(false)}
						onDeleted={onDeleted}
						onUpdated={onUpdated}
					/>
				</DialogContent>
			) : null}
		</Dialog>
	)
}

function ContactDetailBody({
	contactId,
	onClose,
	onDeleted,
	onUpdated,
}: {
	contactId: string
	onClose: () => void
	onDeleted?: (id: string) => void
	onUpdated?: (contact: unknown) => void
}) {
	const { state, reload } = useContactDetail(contactId)
	const [editing, setEditing] = useState(false)
	const [viewingSequences, setViewingSequences] = useState(false)
	const [creatingSequence, setCreatingSequence] = useState(false)
	const confirm = useConfirm()
	const deleter = useFetcher<{ deleted?: boolean }>()
	const deleted = deleter.state === 'idle' && deleter.data?.deleted === true
	useOnNewValue(deleted ? deleter.data : undefined, () => {
		onDeleted?.(contactId)
		onClose()
	})

	if (state.status === 'loading') {
		return (
			<div className="grid gap-4" aria-busy="true">
				<DialogTitle className="sr-only">Loading contact</DialogTitle>
				<div className="flex items-center gap-4">
					<Skeleton className="h-14 w-14 rounded-full" />
					<div className="grid flex-1 gap-2">
						<Skeleton className="h-6 w-48" />
						<Skeleton className="h-4 w-64" />
					</div>
				</div>
				<Skeleton className="h-40 w-full" />
			</div>
		)
	}
	if (state.status !== 'loaded') {
		return (
			<div className="grid gap-2">
				<DialogTitle>{state.status === 'not_found' ? 'Contact not found' : 'An error occurred'}</DialogTitle>
				<p className="text-sm text-muted-foreground">
					{state.status === 'not_found' ? 'This contact does not exist or was deleted.' : state.message}
				</p>
			</div>
		)
	}

	const { contact } = state
	const name = fullName(contact)
	async function deleteContact() {
		const confirmed = await confirm({
			title: 'Delete Contact',
			message: `Delete ${name}? This cannot be undone.`,
			confirmLabel: 'Delete',
		})
		if (!confirmed) return
		deleter.submit(
			{ intent: 'delete', mode: 'dialog' },
			{ method: 'post', action: `/contacts/${contact.id}` },
		)
	}
	const deleting = deleter.state !== 'idle' || deleted

	return (
		<>
			<ContactDetailView
				contact={contact}
				titleAs={DialogTitle}
				actions={
					<>
						<Button type="button" variant="outline" onClick={() => setEditing(true)}>
							<Pencil aria-hidden="true" />
							Edit
						</Button>
						<Button type="button" variant="destructive" onClick={deleteContact} disabled={deleting}>
							{deleting ? (
								<Loader2 className="animate-spin" aria-hidden="true" />
							) : (
								<Trash2 aria-hidden="true" />
							)}
							Delete Contact
						</Button>
						<Button type="button" variant="outline" onClick={() => setCreatingSequence(true)}>
							Generate Sequence
						</Button>
						<Button type="button" variant="outline" onClick={() => setViewingSequences(true)}>
							View Sequences
						</Button>
					</>
				}
			/>
			{creatingSequence ? (
				<GenerateSequencePanel contact={contact} open onOpenChange={setCreatingSequence} />
			) : null}
			{viewingSequences ? (
				<ViewSequencesDialog contact={contact} open onOpenChange={setViewingSequences} />
			) : null}
			{editing ? (
				<EditContactDialog
					contact={contact}
					open
					onOpenChange={setEditing}
					onUpdated={(updated) => {
						reload()
						onUpdated?.(updated)
					}}
				/>
			) : null}
		</>
	)
}
