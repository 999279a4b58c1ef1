import { type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useRevalidator } from '@remix-run/react'
import { useEffect, useMemo, useState } from 'react'
import {
	Building,
	Inbox,
	ContactRound,
	ListChecks,
	LogOut,
	Megaphone,
	Menu,
	MessageSquareHeart,
	Phone,
	Settings,
	ShieldCheck,
	Upload,
	Workflow,
	type LucideIcon,
	ChartLine,
	ListTodo,
} from 'lucide-react'
import { DialogStackProvider, useDialogStack } from '#app/components/dialog-stack/dialog-stack.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FeedbackDialog } from '#app/components/feedback/feedback-dialog.tsx'
import { BANNER_DISMISSED_COOKIE, LinkedInBanners } from '#app/components/linkedin/linkedin-banners.tsx'
import { CompanionStatusContext, useCompanionStatus } from '#app/components/linkedin/use-companion-status.ts'
import { InvitationBanner } from '#app/components/invitations/invitation-banner.tsx'
import { GooglePermissionsDialog } from '#app/components/mail/google-permissions-dialog.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { TooltipProvider } from '#app/components/ui/tooltip.tsx'
import { listInvitationsFor } from '#app/models/organization/accept-invite.server.ts'
import { getLinkedInShellState } from '#app/models/linkedin/linkedin-account-settings.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { hasPhoneCalls } from '#app/models/user/feature-flags.server.ts'
import { getGmailGrantState } from '#app/models/user/google-account.server.ts'
import { useActor } from '#app/utils/actor.ts'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

type NavItem = { to: string; label: string; icon: LucideIcon }

const NAV_ITEMS: NavItem[] = [
	{ to: '/contacts', label: 'Contacts', icon: ContactRound },
	{ to: '/companies', label: 'Companies', icon: Building },
	{ to: '/lists', label: 'Lists', icon: ListChecks },
	{ to: '/campaigns', label: 'Campaigns', icon: Megaphone },
	{ to: '/sequences', label: 'Sequences', icon: Workflow },
	{ to: '/tasks', label: 'Tasks', icon: ListTodo },
	{ to: '/outbox', label: 'Outbox', icon: Inbox },
	{ to: '/imports', label: 'Imports', icon: Upload },
	{ to: '/analytics', label: 'Analytics', icon: ChartLine },
	{ to: '/settings', label: 'Settings', icon: Settings },
]

const ADMIN_ITEM: NavItem = { to: '/admin', label: 'Admin', icon: ShieldCheck }

/** The call list, after Sequences, for users with the sequence:phone flag (decision 030). */
const CALLS_ITEM: NavItem = { to: '/calls', label: 'Calls', icon: Phone }

function navItems({ isPlatformAdmin, phoneCalls }: { isPlatformAdmin: boolean; phoneCalls: boolean }) {
	const items = phoneCalls
		? NAV_ITEMS.flatMap((item) => (item.to === '/sequences' ? [item, CALLS_ITEM] : [item]))
		: NAV_ITEMS
	return isPlatformAdmin ? [...items, ADMIN_ITEM] : items
}

export async function loader({ request }: LoaderFunctionArgs) {
	// The actor itself reaches the UI through the root loader; this guards the signed-in area and
	// says whether Google asked for Gmail access again (the spec's shouldResetGmailScope) and how
	// the user's LinkedIn stands (connected, username, paused) for the companion and its banners.
	const actor = await requireActor(request)
	const [{ needsReset }, linkedinState, phoneCalls, invitations] = await Promise.all([
		getGmailGrantState(actor.userId),
		getLinkedInShellState(actor.userId),
		hasPhoneCalls(actor.userId),
		listInvitationsFor(actor),
	])
	const bannerDismissed = new RegExp(`(?:^|;\\s*)${BANNER_DISMISSED_COOKIE}=1(?:;|$)`).test(
		request.headers.get('cookie') ?? '',
	)
	const linkedin = { ...linkedinState, bannerDismissed }
	// Someone already in an organization is not moved by signing in: this banner shows the invitation.
	const invitedTo = invitations.map((invitation) => invitation.organizationName)
	return { shouldResetGmailScope: needsReset, linkedin, phoneCalls, invitedTo }
}

export default function AppLayout() {
	const actor = useActor()
	const { shouldResetGmailScope, linkedin, phoneCalls, invitedTo } = useLoaderData<typeof loader>()
	const items = navItems({ isPlatformAdmin: actor.isPlatformAdmin, phoneCalls })
	const { revalidate } = useRevalidator()
	const companion = useCompanionStatus({
		userId: actor.userId,
		serverConnected: linkedin.connected,
		linkedinUsername: linkedin.username,
		onProfileSaved: revalidate,
	})
	const { status, chrome, refresh } = companion
	const companionValue = useMemo(() => ({ status, chrome, refresh }), [status, chrome, refresh])
	return (
		<TooltipProvider delayDuration={300}>
			<CompanionStatusContext.Provider value={companionValue}>
				<DialogStackProvider>
					{shouldResetGmailScope ? <GmailAccessPrompt /> : null}
					<a
						href="#main"
						className="sr-only z-[3000] rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-none focus:ring-2 focus:ring-ring"
					>
						Skip to content
					</a>
					<div className="flex min-h-screen bg-muted/30">
						<aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-r bg-background md:flex">
							<Brand />
							<MainNav items={items} className="flex-1 overflow-y-auto px-3 py-2" />
							<div className="flex flex-col gap-3 border-t p-3">
								<HelpUsImproveButton />
								<UserMenu name={actor.name} email={actor.email} />
							</div>
						</aside>
						<div className="flex min-w-0 flex-1 flex-col">
							<MobileHeader items={items} name={actor.name} email={actor.email} />
							<InvitationBanner organizationNames={invitedTo} />
							<LinkedInBanners userId={actor.userId} linkedin={linkedin} companion={companionValue} />
							<main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
								<Outlet />
							</main>
						</div>
					</div>
				</DialogStackProvider>
			</CompanionStatusContext.Provider>
		</TooltipProvider>
	)
}

function Brand() {
	return (
		<div className="flex h-14 items-center px-5">
			<Link
				to="/contacts"
				className="rounded-sm text-lg font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
			>
				Reachout
			</Link>
		</div>
	)
}

function MainNav({ items, className }: { items: NavItem[]; className?: string }) {
	return (
		<nav aria-label="Main" className={className}>
			<ul className="flex flex-col gap-1">
				{items.map((item) => (
					<li key={item.to}>
						<NavLink
							to={item.to}
							prefetch="intent"
							className={({ isActive }) =>
								cn(
									'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
									isActive
										? 'bg-secondary text-foreground'
										: 'text-muted-foreground hover:bg-secondary/60 hover:text-foreground',
								)
							}
						>
							<item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
							{item.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}

/** Small screens: the navigation folds into a <details> menu, which opens without JavaScript too. */
function MobileHeader({ items, name, email }: { items: NavItem[]; name: string; email: string }) {
	const location = useLocation()
	return (
		<header className="border-b bg-background md:hidden">
			<details key={location.pathname} className="group">
				<summary className="flex h-14 cursor-pointer list-none items-center justify-between px-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
					<span className="text-lg font-semibold tracking-tight">Reachout</span>
					<span className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
						<Menu aria-hidden="true" />
						<span className="sr-only">Menu</span>
					</span>
				</summary>
				<div className="flex flex-col gap-3 border-t p-3">
					<MainNav items={items} />
					<HelpUsImproveButton />
					<UserMenu name={name} email={email} />
				</div>
			</details>
		</header>
	)
}

function HelpUsImproveButton() {
	const hydrated = useHydrated()
	const { openDialog } = useDialogStack()
	const location = useLocation()
	const className = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'w-full justify-start')
	const content = (
		<>
			<MessageSquareHeart aria-hidden="true" />
			Help us improve
		</>
	)
	// Without JavaScript there is no dialog: the same form lives on its own page.
	if (!hydrated) {
		const back = new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })
		return (
			<Link to={`/feedback?${back}`} className={className}>
				{content}
			</Link>
		)
	}
	return (
		<Button
			type="button"
			variant="outline"
			size="sm"
			className="w-full justify-start"
			aria-haspopup="dialog"
			onClick={() => openDialog('feedback', <FeedbackDialog />)}
		>
			{content}
		</Button>
	)
}

function UserMenu({ name, email }: { name: string; email: string }) {
	const initials =
		name
			.split(/\s+/)
			.filter(Boolean)
			.slice(0, 2)
			.map((part) => part[0]?.toUpperCase())
			.join('') || email[0]?.toUpperCase()
	return (
		<section aria-label="Account" className="flex items-center gap-3 rounded-md px-1">
			<span
				aria-hidden="true"
				className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
			>
				{initials}
			</span>
			<div className="min-w-0 flex-1">
				<p className="truncate text-sm font-medium">{name}</p>
				<p className="truncate text-xs text-muted-foreground">{email}</p>
			</div>
			<Form method="post" action="/logout">
				<Button type="submit" variant="ghost" size="icon" title="Sign out">
					<LogOut aria-hidden="true" />
					<span className="sr-only">Sign out</span>
				</Button>
			</Form>
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}

/** Opens "Additional permissions required" once per browser session while Google wants Gmail access again. */
function GmailAccessPrompt() {
	const [open, setOpen] = useState(false)
	useEffect(() => {
		if (sessionStorage.getItem('gmail-access-prompted')) return
		sessionStorage.setItem('gmail-access-prompted', '1')
		setOpen(true)
	}, [])
	return <GooglePermissionsDialog open={open} onOpenChange={setOpen} />
}
