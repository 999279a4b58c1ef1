import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { getActor } from '#app/models/session/auth.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await getActor(request)
	return redirect(actor ? '/contacts' : '/login')
}
