import { prisma } from '#app/utils/db.server.ts'

export const DEMO_USER_EMAIL = 'demo@reachout.dev'

/** Idempotent: a demo organization with its owner, for the development sign-in. */
export async function seedDemoData() {
	const existing = await prisma.user.findUnique({ where: { email: DEMO_USER_EMAIL }, select: { id: true } })
	if (existing) return { created: false }
	await prisma.organization.create({
		data: {
			name: 'Demo Company',
			summary: 'Reachout demo organization',
			description: 'A sales team trying Reachout on the embedded database.',
			memberships: {
				create: {
					role: 'OWNER',
					user: { create: { email: DEMO_USER_EMAIL, name: 'Demo User', emailVerified: true } },
				},
			},
		},
	})
	return { created: true }
}
