import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function CampaignsRoute() {
	return (
		<ComingSoon
			title="Campaigns"
			message="Campaigns are coming soon: this page will let you create campaigns, add contacts to them and follow their progress."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
