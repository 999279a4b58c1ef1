import { Link, useLocation } from '@remix-run/react'
import { MailOpen } from 'lucide-react'

/** Above every signed-in page while another organization's invitation waits (not on /invitations). */
export function InvitationBanner({ organizationNames }: { organizationNames: string[] }) {
	const { pathname } = useLocation()
	if (!organizationNames.length || pathname === '/invitations') return null
	const [first] = organizationNames
	const others = organizationNames.length - 1
	return (
		<div
			role="status"
			className="flex flex-wrap items-center gap-2 border-b bg-sky-50 px-4 py-2 text-sm text-sky-950 md:px-8"
		>
			<MailOpen aria-hidden="true" className="size-4 shrink-0" />
			<span>
				You are invited to join {first}
				{others > 0 ? ` and ${others} other ${others === 1 ? 'organization' : 'organizations'}` : ''}.
			</span>
			<Link to="/invitations" className="font-medium underline underline-offset-4">
				View invitation{organizationNames.length > 1 ? 's' : ''}
			</Link>
		</div>
	)
}
