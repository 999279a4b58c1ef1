import { replanHeldSteps } from '#app/models/sequence/replan-held-steps.server.ts'
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
	/** Random gap between held sends released together; kept when absent. */
	sendGapMinSeconds?: number
	sendGapMaxSeconds?: number
}

/** What an organization created today starts with (decision 014): weekdays 08:00–18:00 in its zone. */
export const DEFAULT_SEND_WINDOW = {
	sendWindowEnabled: true,
	sendWindowDays: [1, 2, 3, 4, 5],
	sendWindowStart: 8 * 60,
	sendWindowEnd: 18 * 60,
	sendGapMinSeconds: 60,
	sendGapMaxSeconds: 180,
} as const

const sendWindowSelect = {
	timeZone: true,
	sendWindowEnabled: true,
	sendWindowDays: true,
	sendWindowStart: true,
	sendWindowEnd: true,
	sendGapMinSeconds: true,
	sendGapMaxSeconds: true,
} as const

export async function getSendWindow(organizationId: string) {
	return prisma.organization.findUnique({ where: { id: organizationId }, select: sendWindowSelect })
}

/** Saves the window and plans the active sequences' unsent steps again with it, at once. */
export async function updateSendWindow(organizationId: string, input: SendWindowInput) {
	const saved = await prisma.organization.update({
		where: { id: organizationId },
		data: { ...input, sendWindowDays: [...new Set(input.sendWindowDays)].sort((a, b) => a - b) },
		select: sendWindowSelect,
	})
	await replanHeldSteps(organizationId, { kind: 'window' })
	return saved
}
