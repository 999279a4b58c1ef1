import { type ExtractedLead } from '#app/schemas/lead-import.ts'
import { companyFromEmail, finishLead, type LeadDraft } from './lead-record.ts'
import { mergeLeads } from './merge-leads.ts'

/**
 * Drafts to final leads: finished (a draft without a first name is dropped and counted), merged
 * per person, then a lead without a company takes the default one (a company's team page) or the
 * one its work address names — after the merge, so a guessed "Acmerobotics" never keeps two
 * mentions of one person apart. `enrichOnly` drafts add what they know to the people found, never
 * people of their own (the page's markup under a model's answer that followed the instructions).
 */
export function collectLeads(
	drafts: Iterable<LeadDraft>,
	{ defaultCompany, enrichOnly = [] }: { defaultCompany?: string | null; enrichOnly?: LeadDraft[] } = {},
): {
	leads: ExtractedLead[]
	withoutName: number
	merged: number
} {
	const finished: ExtractedLead[] = []
	let withoutName = 0
	for (const draft of drafts) {
		const lead = finishLead(draft)
		if (lead) finished.push(lead)
		else withoutName++
	}
	const people = mergeLeads(finished)
	const { merged } = people
	let leads = people.leads
	if (enrichOnly.length) {
		const extras = enrichOnly.map(finishLead).filter((lead): lead is ExtractedLead => Boolean(lead))
		// The people first, then the extras: the first leads.length of the merge are the people, enriched.
		leads = mergeLeads([...finished, ...extras]).leads.slice(0, leads.length)
	}
	for (const lead of leads) lead.companyName ??= defaultCompany || companyFromEmail(lead.email)
	return { leads, withoutName, merged }
}
