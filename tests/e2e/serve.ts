import { e2ePostgresName, recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'
import { startFakeLinkedIn } from '#tests/fakes/linkedin-server.ts'
import { startCompanySites } from './company-sites.ts'
import { SERVER_LINKEDIN_PORT } from './sequence-fixtures.ts'

// The built app in production mode on a fresh database, with the worker inline
// and the development sign-in enabled, for Playwright.
const postgres = await startTestPostgres(e2ePostgresName())
process.env.DATABASE_URL = await recreateDatabase(
	postgres.serverUrl,
	`reachout_e2e_${process.env.E2E_PORT ?? 3917}`,
)
process.env.PORT = process.env.E2E_PORT ?? '3917'
process.env.NODE_ENV = 'production'
process.env.WORKER = 'inline'
process.env.DEV_LOGIN = 'true'
// A production build, but its request log would bury Playwright's own output.
process.env.LOG_REQUESTS ??= 'false'
process.env.SESSION_SECRET ??= 'e2e-session-secret-0123456789'
process.env.ENCRYPTION_KEY ??= 'a'.repeat(64)
process.env.APP_URL = `http://localhost:${process.env.PORT}`
process.env.ADMIN_EMAIL_DOMAINS ??= 'reachout-admin.test'
// Dev sign-ins count as verified emails, so emails on ADMIN_EMAIL_DOMAINS are administrators.
process.env.DEV_LOGIN_VERIFIED ??= 'true'
// Slows PDF parsing per page so document-progress.spec.ts can watch the bar advance.
process.env.DOCUMENT_PARSE_PAGE_DELAY_MS ??= '700'
// A failing send gives up after two attempts a second apart, so send-failures.spec.ts sees it fail.
process.env.EMAIL_SEND_MAX_ATTEMPTS ??= '2'
// The held team page (company-sites.ts) must outlast any pace of the Cancel Import tests.
process.env.WEB_FETCH_TIMEOUT_MS ??= '60000'
process.env.EMAIL_SEND_RETRY_BASE_SECONDS ??= '1'
// A fake company website and a fake LinkedIn for Auto-fill and enrichment (company-autofill.spec.ts),
// on fixed ports: if they are taken (a leftover server), only that spec fails, not every spec.
const companySites = await startCompanySites().catch((error: unknown) => {
	console.warn(
		`[e2e] the fake company sites did not start (${String(error)}); company-autofill.spec.ts will fail`,
	)
	return null
})
// webhooks.spec.ts's receiver listens on E2E_PORT + 2500 (a local address, so it must be allowed; +1000, +1001 and +2000 are taken).
process.env.WEB_FETCH_ALLOW_HOSTS = [process.env.WEB_FETCH_ALLOW_HOSTS, `127.0.0.1:${Number(process.env.PORT) + 2500}`]
	.filter(Boolean)
	.join(',')
if (companySites) {
	process.env.WEB_FETCH_ALLOW_HOSTS = [process.env.WEB_FETCH_ALLOW_HOSTS, companySites.allowHosts]
		.filter(Boolean)
		.join(',')
	process.env.LINKEDIN_PUBLIC_BASE_URL = companySites.linkedinBaseUrl
}
// The fake LinkedIn API the server-side executor acts on (linkedin-server-executor.spec.ts drives it
// over its control routes). The companion's own fake is started by its spec and built into the
// extension, so the two never meet.
const linkedInApi = await startFakeLinkedIn({
	port: SERVER_LINKEDIN_PORT,
	accounts: [],
	control: true,
}).catch((error: unknown) => {
	console.warn(
		`[e2e] the fake LinkedIn API did not start (${String(error)}); linkedin-server-executor.spec.ts will fail`,
	)
	return null
})
if (linkedInApi) process.env.LINKEDIN_API_BASE_URL = linkedInApi.baseUrl
const { runServer } = await import('../../server/run.ts')
await runServer({
	mode: 'production',
	seed: true,
	inlineWorker: true,
	afterStop: async () => {
		await companySites?.close()
		await linkedInApi?.close()
		await postgres.stop()
	},
})
