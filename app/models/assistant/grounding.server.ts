import { getContact } from '#app/models/contact/contact.server.ts'
import { listDocuments } from '#app/models/organization/documents.server.ts'
import { getOrganizationSettings } from '#app/models/organization/settings.server.ts'
import { type AssistantCompany, type AssistantContact, type AssistantOrganization } from './sequence-draft.ts'

/** About 1,500 tokens of the organization's documents per request. */
export const PASSAGE_BUDGET_CHARACTERS = 6_000

/**
 * What the assistant knows for one contact, read from the database (never from the client):
 * the contact, their company, and the organization with only the passages of its documents
 * that share the most words with `query` (the contact, company and instruction), within budget.
 */
export async function assistantContext({
	organizationId,
	contactId,
	query,
}: {
	organizationId: string
	contactId: string
	query: string
}) {
	const [contact, settings, documents] = await Promise.all([
		getContact(organizationId, contactId, { company: true }),
		getOrganizationSettings(organizationId),
		listDocuments(organizationId),
	])
	if (!contact) return null
	const company: AssistantCompany | null = contact.company
		? {
				name: contact.company.name,
				summary: contact.company.summary ?? null,
				description: contact.company.description ?? null,
				tagline: contact.company.tagline ?? null,
				industry: contact.company.industry ?? null,
				employeeCountRange: contact.company.employeeCountRange ?? null,
				website: contact.company.website ?? null,
			}
		: null
	const person: AssistantContact = {
		firstName: contact.firstName,
		lastName: contact.lastName,
		email: contact.email,
		linkedin: contact.linkedin,
		role: contact.role,
		roleDetails: contact.roleDetails,
		painPoints: contact.painPoints,
		decisionMakingCapacity: contact.decisionMakingCapacity,
		budgetControl: contact.budgetControl,
		teamSize: contact.teamSize,
		technicalBackground: contact.technicalBackground,
		summary: contact.summary,
	}
	const searchText = [
		query,
		person.role,
		person.roleDetails,
		person.painPoints,
		company?.industry,
		company?.description,
	]
		.filter(Boolean)
		.join(' ')
	const organization: AssistantOrganization = {
		name: settings?.name ?? '',
		summary: settings?.summary ?? '',
		description: settings?.description ?? '',
		passages: relevantPassages(
			documents.map((document) => document.content),
			searchText,
		),
	}
	return { contact: person, company, organization }
}

const STOP_WORDS = new Set(
	'a an and are as at be but by for from has have in is it its of on or our that the their this to was we with you your'.split(
		' ',
	),
)

function words(text: string) {
	return (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word))
}

/**
 * Documents split into paragraphs (long ones into ~800-character pieces), ranked by how many
 * of the query's words they contain, the best first until the budget is spent.
 */
export function relevantPassages(documents: string[], query: string, budget = PASSAGE_BUDGET_CHARACTERS) {
	const wanted = new Set(words(query))
	const passages = documents.flatMap((document) =>
		document
			.split(/\n\s*\n/)
			.flatMap((paragraph) => paragraph.trim().match(/[\s\S]{1,800}(?=\s|$)/g) ?? [])
			.map((passage) => passage.trim())
			.filter((passage) => passage.length > 40),
	)
	const scored = passages
		.map((passage, index) => ({
			passage,
			index,
			score: words(passage).filter((word) => wanted.has(word)).length,
		}))
		.filter((entry) => entry.score > 0)
		.sort((a, b) => b.score - a.score || a.index - b.index)
	const chosen: string[] = []
	let used = 0
	for (const { passage } of scored) {
		if (used + passage.length > budget) continue
		chosen.push(passage)
		used += passage.length
	}
	return chosen
}
