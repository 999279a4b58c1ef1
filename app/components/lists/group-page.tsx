import { Link } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { type ReactNode } from 'react'
import { BackLink } from '#app/components/back-link.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'

// The page of one list or one campaign: a link back to all of them, the header, the Add Contacts
// form or dialog, and the members table.

/** The page's frame: the back link ("Lists", "Campaigns") and the header above `children`. */
export function GroupPage({
	backTo,
	backLabel,
	title,
	description,
	actions,
	children,
}: {
	backTo: string
	backLabel: string
	title: string
	description?: ReactNode
	actions?: ReactNode
	children: ReactNode
}) {
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
			<BackLink to={backTo}>{backLabel}</BackLink>
			<PageHeader className="mb-0" title={title} description={description} actions={actions} />
			{children}
		</div>
	)
}

/**
 * "Add Contacts": a link to `?add=1` (the form on the page, without JavaScript); with JavaScript
 * `onClick` usually opens the dialog instead.
 */
export function AddContactsLink({
	onClick,
}: {
	onClick: (event: React.MouseEvent<HTMLAnchorElement>) => void
}) {
	return (
		<Link to="?add=1" className={buttonVariants()} onClick={onClick}>
			<UserPlus aria-hidden="true" />
			Add Contacts
		</Link>
	)
}
