import { pingDatabase } from '#app/utils/db.server.ts'

// Load balancers and Playwright wait on this: it answers once the database does.
export async function loader() {
	try {
		await pingDatabase()
		return new Response('OK')
	} catch (error) {
		console.error('healthcheck failed', error)
		return new Response('ERROR', { status: 500 })
	}
}
