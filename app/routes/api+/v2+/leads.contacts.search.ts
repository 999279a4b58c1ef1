import { type ActionFunctionArgs } from '@remix-run/node'
import { startSearchAction, v2Error } from './__contact-search-api.server.ts'

export const loader = () => v2Error(405, 'method_not_allowed', 'Method not allowed')

// POST { targetCompany, myCompany?, lookingFor, topX, options? } → 202 (one company).
export async function action({ request }: ActionFunctionArgs) {
	return startSearchAction(request, 'single')
}
