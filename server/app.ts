import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { refuseForeignOrigin, trustProxySetting } from './guards/origin.ts'
import { rateLimits } from './guards/rate-limits.ts'
import { securityHeaders } from './guards/security-headers.ts'
import { createRemixHandler } from './remix-handler.ts'
import { requestLog, requestLogEnabled } from './request-log.ts'

const projectRoot = path.resolve(import.meta.dirname, '..')

/** Server-Sent Events must reach the browser as they are written, never buffered by gzip. */
function shouldCompress(request: express.Request, response: express.Response) {
	const type = String(response.getHeader('Content-Type') ?? '')
	if (type.includes('text/event-stream')) return false
	return compression.filter(request, response)
}

export async function createApp({
	mode,
	build: givenBuild,
}: {
	mode: 'development' | 'production'
	/** A build already loaded (the reliability tests load it once, for its route list too). */
	build?: ServerBuild
}) {
	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', trustProxySetting(process.env.TRUST_PROXY))
	// First, so every answer (a guard's refusal too) carries a request id and gets its log line.
	app.use(
		requestLog({
			enabled: requestLogEnabled(process.env.LOG_REQUESTS, mode),
			trustIncomingId: Boolean(trustProxySetting(process.env.TRUST_PROXY)),
			quietRoutine: mode === 'production',
		}),
	)
	app.use(compression({ filter: shouldCompress }))
	app.use(securityHeaders({ production: mode === 'production' }))
	app.use(refuseForeignOrigin({ appUrl: process.env.APP_URL }))
	app.use(rateLimits())

	let build: ServerBuild | ((request: express.Request) => Promise<ServerBuild>)
	if (givenBuild) {
		build = givenBuild
	} else if (mode === 'development') {
		const vite = await import('vite')
		const { createDevServerBuild } = await import('./dev-build.ts')
		// Ctrl-C while the routes compile in the background: Vite reports each module it could not finish
		// ("transport was disconnected") with a stack; nothing is wrong, so that is not printed then.
		let closing = false
		const logger = vite.createLogger()
		const customLogger: typeof logger = {
			...logger,
			error: (message, options) => {
				if (closing && message.includes('transport was disconnected')) return
				logger.error(message, options)
			},
		}
		const viteServer = await vite.createServer({
			root: projectRoot,
			server: { middlewareMode: true },
			customLogger,
		})
		// The first page is compiled on its own (server/dev-build.ts); every route after it has been
		// served, or a few seconds after the server listens when no page is asked for.
		let firstPageServed = () => {}
		const firstPage = new Promise<void>((resolve) => (firstPageServed = resolve))
		let waitingForFirstPage = true
		void firstPage.then(() => (waitingForFirstPage = false))
		app.use((_request, response, next) => {
			if (waitingForFirstPage) response.once('finish', firstPageServed)
			next()
		})
		app.use(viteServer.middlewares)
		const devBuild = createDevServerBuild(viteServer)
		build = (request) => devBuild.buildFor(request.path)
		app.locals.compileRoutes = async () => {
			await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, 3000).unref())])
			await devBuild.compileWholeBuild()
		}
		app.locals.closeVite = () => {
			closing = true
			return viteServer.close()
		}
	} else {
		const clientDir = path.join(projectRoot, 'build/client')
		app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }))
		app.use(express.static(clientDir, { maxAge: '1h' }))
		const serverBuildPath = path.join(projectRoot, 'build/server/index.js')
		build = (await import(serverBuildPath)) as ServerBuild
	}
	// `use`, not `all('*')`: Express would decode the path as a parameter and answer a malformed
	// escape with its own HTML 400; the hostile-text guard refuses it in the API's shape instead.
	app.use(createRemixHandler({ build, mode }))
	return app
}
