import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnalyticsBreakdownTable } from '#app/components/analytics/analytics-breakdown-table.tsx'
import { AnalyticsFilterForm } from '#app/components/analytics/analytics-filter-form.tsx'
import { AnalyticsPanel } from '#app/components/analytics/analytics-panel.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { getAnalyticsPage } from '#app/models/analytics/get-analytics-page.server.ts'
import { requireActor } from '#app/models/session/auth.server.ts'

// What is working: the organization's email figures over a date range, for one mailbox, user or
// campaign or all, with breakdowns (decision 044). The filter is the query string.

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	return getAnalyticsPage(actor.organizationId, new URL(request.url).searchParams)
}

export default function AnalyticsRoute() {
	const { filter, errors, options, view } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
			<PageHeader
				className="mb-0"
				title="Analytics"
				description="Emails sent, delivered, clicked and answered, by day or week, for every mailbox, user and campaign."
			/>
			<AnalyticsFilterForm filter={filter} errors={errors} options={options} />
			<AnalyticsPanel title="Email performance" data={view} />
			<AnalyticsBreakdownTable title="By campaign" column="Campaign" rows={view.breakdowns.campaign ?? []} />
			<AnalyticsBreakdownTable title="By mailbox" column="Mailbox" rows={view.breakdowns.mailbox ?? []} />
			<AnalyticsBreakdownTable title="By user" column="User" rows={view.breakdowns.user ?? []} />
		</div>
	)
}

export const meta: MetaFunction = () => [{ title: 'Analytics · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
