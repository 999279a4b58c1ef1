import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function ImportsRoute() {
	return (
		<ComingSoon
			title="Imports"
			message="Imports are coming soon: this page will let you import leads and companies from CSV files and follow each import as it runs."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Imports · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
