import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function ListsRoute() {
	return (
		<ComingSoon
			title="Lists"
			message="Lists are coming soon: this page will let you group contacts into named lists and add contacts to them."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Lists · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
