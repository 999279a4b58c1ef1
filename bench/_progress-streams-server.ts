import type { Server } from 'node:http'
import { createApp } from '#server/app.ts'

// The web process of bench/progress-streams.ts: the production build behind our
// Express server, as `npm start` runs it (no worker), reporting its memory over IPC.
const app = await createApp({ mode: 'production' })
const server: Server = await new Promise((resolve) => {
	const listening = app.listen(Number(process.env.PORT), () => resolve(listening))
})
server.keepAliveTimeout = 120_000

function collectGarbage() {
	const gc = (globalThis as { gc?: () => void }).gc
	for (let i = 0; i < 3; i++) gc?.()
}

process.on('message', async (message: { type: string }) => {
	if (message.type === 'memory') {
		collectGarbage()
		await new Promise((resolve) => setTimeout(resolve, 100))
		collectGarbage()
		const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
		process.send?.({ type: 'memory', rss, heapUsed, heapTotal, external, arrayBuffers })
	}
	if (message.type === 'stop') {
		server.closeAllConnections()
		server.close()
		const { stopEventHub } = await import('#app/utils/events.server.ts')
		await stopEventHub()
		const { disconnectPrisma } = await import('#app/utils/db.server.ts')
		await disconnectPrisma()
		process.exit(0)
	}
})
process.send?.({ type: 'ready' })
