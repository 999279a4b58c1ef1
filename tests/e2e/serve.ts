import { recreateDatabase, startTestPostgres } from '#tests/setup/test-database.ts'

// The built app in production mode on a fresh database, with the worker inline
// and the development sign-in enabled, for Playwright.
const postgres = await startTestPostgres('postgres-e2e')
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
process.env.EMAIL_SEND_RETRY_BASE_SECONDS ??= '1'
const { runServer } = await import('../../server/run.ts')
await runServer({ mode: 'production', seed: true, inlineWorker: true, afterStop: postgres.stop })
