import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { NavLink, Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { requirePlatformAdmin } from '#app/models/admin/require-platform-admin.server.ts'
import { cn } from '#app/utils/misc.ts'

// The admin area (issue 16, decision 043): platform administrators only; everyone else gets 403.
// Each child route checks too, as Remix runs the loaders of a page's routes side by side.
export async function loader({ request }: LoaderFunctionArgs) {
	await requirePlatformAdmin(request)
	return null
}

const TABS = [
	{ to: '/admin', label: 'Organizations', end: true },
	{ to: '/admin/campaigns', label: 'Campaigns', end: false },
	{ to: '/admin/audit', label: 'Audit log', end: false },
]

export default function AdminLayout() {
	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Admin"
				description="Every organization on the platform: how it is going, and its plan."
			/>
			<nav aria-label="Admin sections" className="flex gap-1 border-b">
				{TABS.map((tab) => (
					<NavLink
						key={tab.to}
						to={tab.to}
						end={tab.end}
						className={({ isActive }) =>
							cn(
								'-mb-px border-b-2 px-3 py-2 text-sm font-medium',
								isActive
									? 'border-primary text-foreground'
									: 'border-transparent text-muted-foreground hover:text-foreground',
							)
						}
					>
						{tab.label}
					</NavLink>
				))}
			</nav>
			<Outlet />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Admin · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
