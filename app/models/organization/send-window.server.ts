import { prisma } from '#app/utils/db.server.ts'

/**
 * The organization's time zone and send window: steps due outside the window wait for its
 * next opening (the scheduler reads these columns; the contact's own time zone comes first).
 */

export type SendWindowInput = {
	timeZone: string
	sendWindowEnabled: boolean
	/** ISO weekdays, 1 = Monday … 7 = Sunday. */
	sendWindowDays: number[]
	/** Minutes after local midnight, [start, end). */
	sendWindowStart: number
	sendWindowEnd: number
}

const sendWindowSelect = {
	timeZone: true,
	sendWindowEnabled: true,
	sendWindowDays: true,
	sendWindowStart: true,
	sendWindowEnd: true,
} as const

export async function getSendWindow(organizationId: string) {
	return prisma.organization.findUnique({ where: { id: organizationId }, select: sendWindowSelect })
}

export async function updateSendWindow(organizationId: string, input: SendWindowInput) {
	return prisma.organization.update({
		where: { id: organizationId },
		data: { ...input, sendWindowDays: [...new Set(input.sendWindowDays)].sort((a, b) => a - b) },
		select: sendWindowSelect,
	})
}
