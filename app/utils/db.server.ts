import { PrismaPg } from '@prisma/adapter-pg'
// eslint-disable-next-line no-restricted-imports -- the one place the client is constructed
import { PrismaClient } from '#app/generated/prisma/client.ts'

declare global {
	// Survives Vite's module reloads in development, so one pool serves the process.
	var __prisma: PrismaClient | undefined
}

function createClient() {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set')
	const adapter = new PrismaPg(
		{ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
		// A connection the server drops while idle (restart, failover, shutdown) must not crash the
		// process as an unhandled 'error' event; the pool opens a new one when it is next needed.
		{ onPoolError: warnConnectionLost, onConnectionError: warnConnectionLost },
	)
	return new PrismaClient({ adapter })
}

function warnConnectionLost(error: Error) {
	console.warn(`database connection lost: ${error.message}`)
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
	// Created on first use, so importing this module never needs a database.
	get(_target, property) {
		globalThis.__prisma ??= createClient()
		const value = Reflect.get(globalThis.__prisma, property)
		return typeof value === 'function' ? value.bind(globalThis.__prisma) : value
	},
})

export async function disconnectPrisma() {
	await globalThis.__prisma?.$disconnect()
	globalThis.__prisma = undefined
}
