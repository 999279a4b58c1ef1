import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { createContext, useCallback, useContext } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import {
	LeadScraperFlow,
	type LeadScraperShellProps,
} from '#app/components/lead-scraper/lead-scraper-flow.tsx'
import { LeadScraperPlainForm } from '#app/components/lead-scraper/lead-scraper-plain-form.tsx'
import { type LeadScraperActionData } from '#app/components/lead-scraper/use-lead-scraper-form.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { startLeadScrape } from './__start-lead-import.server.ts'

// The Lead scraper (issue 14). Its dialog on the Imports and Contacts pages posts here; without
// JavaScript this page is the whole thing as one plain form. With JavaScript the page shows the
// same stepped dialog (over an empty page) and closes back to where it was opened from.

function noop() {}

function cancelTarget(value: unknown) {
	return safeRedirectTo(value, '/imports')
}

export async function loader({ request }: LoaderFunctionArgs) {
	await requireActor(request)
	return { from: cancelTarget(new URL(request.url).searchParams.get('from')) }
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	return startLeadScrape(request, actor)
}

export default function LeadScraperNewRoute() {
	const { from } = useLoaderData<typeof loader>()
	const actionData = useActionData<LeadScraperActionData>()
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const close = useCallback(() => navigate(from), [navigate, from])
	if (hydrated) {
		return (
			<CloseContext.Provider value={close}>
				<LeadScraperFlow Shell={RouteShell} onCancel={close} onLeave={noop} />
			</CloseContext.Provider>
		)
	}
	return (
		<div className="mx-auto w-full max-w-2xl">
			<PageHeader
				title="Lead scraper"
				description="Choose where the leads come from, fill in that source, add instructions if you like, then Scrape."
			/>
			<Card>
				<CardContent className="p-6">
					<LeadScraperPlainForm lastResult={actionData?.result} cancelTo={from} />
				</CardContent>
			</Card>
		</div>
	)
}

/** How the page's dialog closes: back to where the scraper was opened from. */
const CloseContext = createContext<() => void>(() => {})

function RouteShell({ title, description, children }: LeadScraperShellProps) {
	const close = useContext(CloseContext)
	return (
		<DialogShell
			open
			onOpenChange={(open) => (open ? undefined : close())}
			title={title}
			description={description}
			className="max-w-xl"
		>
			{children}
		</DialogShell>
	)
}

export const meta: MetaFunction = () => [{ title: 'Lead scraper · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
