import { SEQUENCE_PHONE_FLAG } from '#app/schemas/phone-call.ts'
import { prisma } from '#app/utils/db.server.ts'

/** Whether a user has a feature flag on: present and not "false" (as the client reads GET /api/v1/auth/user). */
export async function hasFeatureFlag(userId: string, key: string) {
	const flag = await prisma.featureFlag.findUnique({
		where: { userId_key: { userId, key } },
		select: { value: true },
	})
	return Boolean(flag) && flag?.value !== 'false'
}

/** Phone-call steps (the drawer's call cards, the Calls page, the calls API) are behind sequence:phone. */
export function hasPhoneCalls(userId: string) {
	return hasFeatureFlag(userId, SEQUENCE_PHONE_FLAG)
}
