import { type LoaderFunctionArgs } from '@remix-run/node'
import { checkSystemHealth } from '#app/models/health/system-health.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

// Load balancers, Playwright and monitors wait on this: 200 when the database answers and a worker
// beat recently, else 503 with what is wrong. `?worker=ignore` asks only about this web process.
export async function loader({ request }: LoaderFunctionArgs) {
	const ignoreWorker = new URL(request.url).searchParams.get('worker') === 'ignore'
	const health = await checkSystemHealth({
		maxBeatAgeSeconds: getEnv().WORKER_HEARTBEAT_MAX_AGE_SECONDS,
		ignoreWorker,
	})
	return Response.json(health, {
		status: health.status === 'ok' ? 200 : 503,
		headers: { 'Cache-Control': 'no-store' },
	})
}
