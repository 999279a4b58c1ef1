import { type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

export default function ContactsRoute() {
	return (
		<ComingSoon
			title="Contacts"
			message="Contacts are coming soon: this page will list your contacts, with search, tags, status and their companies, and let you add, edit and import them."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Contacts · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
