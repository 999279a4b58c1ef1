import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function CompaniesRoute() {
	return (
		<ComingSoon
			title="Companies"
			message="Companies are coming soon: this page will list the companies you work with, with their details, and find the best contacts at them."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Companies · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
