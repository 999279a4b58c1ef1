import { Prisma } from '#app/generated/prisma/client.ts'
import { selectedContactIdsSql } from '#app/models/contact/contact-filter.server.ts'
import { addContactsToGroup, groupMemberIds } from '#app/models/contact/contact-membership.server.ts'
import { campaignIneligibility, LINKEDIN_PROFILE_PATTERN } from '#app/schemas/campaign.ts'
import { type ContactFilter, type ContactSelection } from '#app/schemas/contact-filter.ts'
import { prisma } from '#app/utils/db.server.ts'

type CampaignRef = { id: string; channels: readonly string[] }

/**
 * The channel rules as SQL on alias `c` (mirrors campaignIneligibility): an email or a
 * LinkedIn URL; an email for the email channel; a personal profile URL for LinkedIn.
 */
export function campaignEligibleSql(channels: readonly string[]): Prisma.Sql {
	const hasEmail = Prisma.sql`coalesce(btrim(c."email"), '') <> ''`
	const hasLinkedin = Prisma.sql`coalesce(btrim(c."linkedin"), '') <> ''`
	const conditions = [Prisma.sql`(${hasEmail} OR ${hasLinkedin})`]
	if (channels.includes('EMAIL')) conditions.push(hasEmail)
	if (channels.includes('LINKEDIN')) {
		// coalesce: NULL must read as false, or NOT (…) would drop the contact from the skipped.
		conditions.push(Prisma.sql`coalesce(btrim(c."linkedin"), '') ~* ${LINKEDIN_PROFILE_PATTERN}`)
	}
	return Prisma.join(conditions, ' AND ')
}

export type SkippedContact = { id: string; reason: string }

/**
 * Adds the selected contacts that pass the campaign's channel rules in one INSERT … SELECT
 * (a million never pass through Node); members already in the campaign stay as they are.
 * The others are skipped: counted, and with their reasons when the selection is a list of ids.
 */
export async function addContactsToCampaign(
	organizationId: string,
	campaign: CampaignRef,
	selection: ContactSelection,
	filter: ContactFilter,
	excludeIds: string[] = [],
) {
	// selectedContactIdsSql is `SELECT c.id FROM "Contact" c WHERE …`: the rules are appended
	// to its WHERE, so the planner scans the contacts once (no self-join).
	const selected = selectedContactIdsSql(organizationId, selection, filter, excludeIds)
	const eligible = campaignEligibleSql(campaign.channels)
	const added =
		(await addContactsToGroup('campaign', organizationId, campaign.id, {
			selection,
			filter,
			excludeIds,
			where: eligible,
		})) ?? 0

	if (selection === 'all') {
		const [row] = await prisma.$queryRaw<Array<{ count: number }>>`
			SELECT count(*)::int AS count FROM (${selected} AND NOT (${eligible})) s`
		return { added, skipped: [] as SkippedContact[], skippedCount: row?.count ?? 0 }
	}
	const ineligible = await prisma.$queryRaw<
		Array<{ id: string; email: string | null; linkedin: string | null }>
	>`
		SELECT c.id, c."email", c."linkedin" FROM "Contact" c
		WHERE c.id IN (${selected} AND NOT (${eligible}))`
	const skipped = ineligible.map((contact) => ({
		id: contact.id,
		reason: campaignIneligibility(contact, campaign.channels) ?? 'Not eligible for this campaign',
	}))
	return { added, skipped, skippedCount: skipped.length }
}

/** Which of these contacts are already in the campaign (for the Added state). */
export function campaignMemberIds(campaignId: string, contactIds: string[]) {
	return groupMemberIds('campaign', campaignId, contactIds)
}
