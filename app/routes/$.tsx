import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'

// Any URL no other route matches: answer 404 so the error boundary shows "Page not found".
export async function loader() {
	throw new Response('Not found', { status: 404 })
}

export async function action() {
	throw new Response('Not found', { status: 404 })
}

export default function NotFoundRoute() {
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
