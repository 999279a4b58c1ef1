import { findCampaign } from '#app/models/campaign/campaign.server.ts'
import { findList } from '#app/models/list/list.server.ts'
import { type CandidateGroupKind } from '#app/schemas/add-contacts.ts'
import { campaignIneligibility } from '#app/schemas/campaign.ts'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { findContactsPage } from './contact-list.server.ts'
import { countNonMembers, groupMemberIds } from './contact-membership.server.ts'

/** A list or a campaign that contacts are added to (a campaign's channels decide who may join). */
export type CandidateGroup =
	| { kind: 'list'; id: string; name: string }
	| { kind: 'campaign'; id: string; name: string; channels: readonly string[] }

/** The organization's list (by id or slug) or campaign (by id) of that kind; null when not theirs. */
export async function findCandidateGroup(
	organizationId: string,
	kind: CandidateGroupKind,
	id: string,
): Promise<CandidateGroup | null> {
	if (kind === 'list') {
		const list = await findList(organizationId, id)
		return list ? { kind, id: list.id, name: list.name } : null
	}
	const campaign = await findCampaign(organizationId, id)
	return campaign ? { kind, id: campaign.id, name: campaign.name, channels: campaign.channels } : null
}

/**
 * One page of the organization's contacts to offer in Add Contacts (lists and campaigns alike):
 * every contact matching the filter, each marked `added` when already a member and, for a
 * campaign, with the channel rule it fails (`ineligibleReason`); `addable` counts the matching
 * contacts not yet members, the number Add All offers.
 */
export async function listGroupCandidates(
	organizationId: string,
	group: CandidateGroup,
	filter: ContactFilter,
	page: { take: number; skip: number },
) {
	// Every contact is a candidate: the group's own filter would offer only its members.
	const candidateFilter = { ...filter, list: undefined, campaign: undefined }
	const [{ contacts, total }, addable] = await Promise.all([
		findContactsPage(organizationId, candidateFilter, page),
		countNonMembers(group.kind, organizationId, group.id, candidateFilter),
	])
	const members = await groupMemberIds(
		group.kind,
		group.id,
		contacts.map((row) => row.id),
	)
	const rows = contacts.map((row) => ({
		id: row.id,
		firstName: row.firstName,
		lastName: row.lastName,
		email: row.email,
		linkedin: row.linkedin,
		role: row.role,
		company: row.company,
		tags: row.tags,
		createdAt: row.createdAt,
		added: members.has(row.id),
		ineligibleReason: group.kind === 'campaign' ? campaignIneligibility(row, group.channels) : null,
	}))
	return { rows, total, addable }
}
export type GroupCandidate = Awaited<ReturnType<typeof listGroupCandidates>>['rows'][number]
