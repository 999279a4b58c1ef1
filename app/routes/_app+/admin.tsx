import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { ComingSoon } from '#app/components/coming-soon.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { requireActor } from '#app/models/session/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	// 404 rather than 403: the admin area should not reveal that it exists.
	if (!actor.isPlatformAdmin) throw new Response('Not found', { status: 404 })
	return null
}

export default function AdminRoute() {
	return (
		<ComingSoon
			title="Admin"
			message="The admin area is coming soon: this page will let platform administrators look after organizations, users and background jobs."
		/>
	)
}

export const meta: MetaFunction = () => [{ title: 'Admin · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
