import { prisma } from '#app/utils/db.server.ts'

/** The organization's zone, in which analytics days begin and end; anything unknown reads as UTC. */
export async function getAnalyticsTimeZone(organizationId: string) {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { timeZone: true },
	})
	return validTimeZone(organization?.timeZone ?? 'UTC')
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function todayIn(timeZone: string, now = new Date()) {
	return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

function validTimeZone(timeZone: string) {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone })
		return timeZone
	} catch {
		return 'UTC'
	}
}
