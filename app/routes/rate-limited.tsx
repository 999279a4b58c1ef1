import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { BUDGETS, type BudgetName } from '#app/utils/rate-limit-budgets.ts'
import { refusalMessage } from '#app/utils/rate-limit.server.ts'

// What a page request gets when its client ran out of a rate-limit budget (decision 018):
// server/guards/rate-limits.ts serves this route in place of the page, as a document or as the
// single-fetch data of a form post, so the submitting page's error boundary shows the message.
// The message is built from the budget's name, never from free text in the URL.

function rateLimited(request: Request) {
	const params = new URL(request.url).searchParams
	const budget = params.get('budget') ?? ''
	const retryAfter = Number(params.get('retryAfter'))
	const known = Object.hasOwn(BUDGETS, budget) && Number.isInteger(retryAfter) && retryAfter > 0
	const message = known
		? refusalMessage(budget as BudgetName, Math.min(retryAfter, 86_400))
		: 'Too many requests. Please wait a minute and try again.'
	return data({ error: 'rate_limited', message }, { status: 429 })
}

export async function loader({ request }: LoaderFunctionArgs) {
	throw rateLimited(request)
}

export async function action({ request }: ActionFunctionArgs) {
	throw rateLimited(request)
}

export default function RateLimitedRoute() {
	return null
}

export const meta: MetaFunction = () => [{ title: 'Too many requests · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
