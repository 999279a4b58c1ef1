import type { Server } from 'node:http'
import { createApp } from '#server/app.ts'

// The web process of bench/contacts.ts: the production build behind our Express server,
// as `npm start` serves it (no worker), reporting its memory over IPC.
const app = await createApp({ mode: 'production' })
const server: Server = await new Promise((resolve) => {
	const listening = app.listen(Number(process.env.PORT), () => resolve(listening))
})

process.on('message', async (message: { type: string }) => {
	if (message.type === 'memory') {
		const { rss, heapUsed } = process.memoryUsage()
		process.send?.({ type: 'memory', rss, heapUsed })
	}
	if (message.type === 'stop') {
		server.closeAllConnections()
		server.close()
		const { disconnectPrisma } = await import('#app/utils/db.server.ts')
		await disconnectPrisma()
		process.exit(0)
	}
})
process.send?.({ type: 'ready' })
