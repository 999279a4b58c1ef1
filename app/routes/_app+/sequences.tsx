import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function SequencesRoute() {
	return (
		<ComingSoon
			title="Sequences"
			message="Sequences are coming soon: this page will show your multi-step outreach sequences (email, LinkedIn and phone-call steps) written by the assistant."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Sequences · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
