import { prisma, sqlPool } from '#app/utils/db.server.ts'

export const DEMO_USER_EMAIL = 'demo@reachout.dev'

/** Idempotent: a demo organization with its owner, for the development sign-in, and some CRM data. */
export async function seedDemoData() {
	// Every `npm run dev` start asks: one plain query, so a warm start does not wake Prisma's
	// query compiler for it (~0.6 s of the start's CPU).
	if (await isDemoDataSeeded()) return { created: false }
	const existing = await prisma.user.findUnique({
		where: { email: DEMO_USER_EMAIL },
		select: { id: true, memberships: { select: { organizationId: true } } },
	})
	if (existing) {
		const organizationId = existing.memberships[0]?.organizationId
		if (organizationId && !(await prisma.contact.count({ where: { organizationId } })))
			await seedDemoCrm(organizationId, existing.id)
		return { created: false }
	}
	const organization = await prisma.organization.create({
		data: {
			name: 'Demo Company',
			// What the assistant says the organization sells: a demo draft should read like a real one.
			summary:
				'Demo Company builds forecasting software that helps operations teams plan stock and staffing.',
			description:
				'Used by 60 mid-sized companies. Customers cut stock-outs by a quarter within three months.',
			memberships: {
				create: {
					role: 'OWNER',
					user: { create: { email: DEMO_USER_EMAIL, name: 'Demo User', emailVerified: true } },
				},
			},
		},
		select: { id: true, memberships: { select: { userId: true } } },
	})
	await seedDemoCrm(organization.id, organization.memberships[0]!.userId)
	return { created: true }
}

async function isDemoDataSeeded() {
	const { rows } = await sqlPool().query<{ seeded: boolean }>(
		`SELECT EXISTS (SELECT 1 FROM "User" u JOIN "Membership" m ON m."userId" = u.id
			JOIN "Contact" c ON c."organizationId" = m."organizationId" WHERE u.email = $1) AS seeded`,
		[DEMO_USER_EMAIL],
	)
	return rows[0]!.seeded
}

const COMPANIES = [
	['Acme Analytics', 'Dashboards for mid-market retailers.', 'Software', 120],
	['Globex Logistics', 'Freight brokerage across Europe.', 'Logistics', 850],
	['Initech Health', 'Scheduling software for clinics.', 'Health', 60],
	['Umbrella Robotics', 'Warehouse picking robots.', 'Hardware', 300],
] as const
const PEOPLE = [
	['Ada', 'Lovelace', 'CTO'],
	['Alan', 'Turing', 'Head of Research'],
	['Grace', 'Hopper', 'VP Engineering'],
	['Linus', 'Torvalds', 'Engineering Manager'],
	['Margaret', 'Hamilton', 'CEO'],
	['Barbara', 'Liskov', 'Head of Product'],
	['Ken', 'Thompson', 'Founder'],
	['Frances', 'Allen', 'VP Sales'],
	['Radia', 'Perlman', 'Operations Director'],
	['Edsger', 'Dijkstra', 'Procurement Lead'],
	['Donald', 'Knuth', 'Chief Revenue Officer'],
	['Sophie', 'Wilson', 'Account Executive'],
] as const

async function seedDemoCrm(organizationId: string, creatorId: string) {
	const companies = await Promise.all(
		COMPANIES.map(([name, description, industry, employeeCount]) =>
			prisma.company.create({
				data: {
					organizationId,
					creatorId,
					name,
					slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
					description,
					industry,
					employeeCount,
					website: `https://${name.split(' ')[0]!.toLowerCase()}.example.com`,
				},
				select: { id: true },
			}),
		),
	)
	const [customers, prospects] = await Promise.all([
		prisma.tag.create({ data: { organizationId, name: 'Customer' }, select: { id: true } }),
		prisma.tag.create({ data: { organizationId, name: 'Prospect' }, select: { id: true } }),
	])
	const campaign = await prisma.campaign.create({
		data: { organizationId, creatorId, name: 'Q1 outreach', channels: ['EMAIL'], status: 'DRAFT' },
		select: { id: true },
	})
	for (const [index, [firstName, lastName, role]] of PEOPLE.entries()) {
		await prisma.contact.create({
			data: {
				organizationId,
				creatorId,
				firstName,
				lastName,
				role,
				email: `${firstName}.${lastName}@example.com`.toLowerCase(),
				linkedin: `https://www.linkedin.com/in/${firstName}-${lastName}`.toLowerCase(),
				status: (['NEW', 'ACTIVE', 'ARCHIVED', 'INACTIVE'] as const)[index % 4],
				companyId: companies[index % companies.length]!.id,
				tags: { create: { tagId: index % 3 === 0 ? customers.id : prospects.id } },
				...(index < 4 ? { campaigns: { create: { campaignId: campaign.id } } } : {}),
			},
		})
	}
}
