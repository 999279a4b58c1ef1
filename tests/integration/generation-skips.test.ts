import { expect, test } from 'vitest'
import {
	describeGenerationTarget,
	NOTHING_TO_GENERATE,
	startGenerationRun,
} from '#app/models/assistant/generation-run.server.ts'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import * as generateRoute from '#app/routes/_app+/sequences_.generations.new.tsx'
import { prisma } from '#app/utils/db.server.ts'
import { callRoute, createSignedInUser, makeRequest } from '#tests/db-utils.ts'
import { addToCampaign, createCampaignRecord } from '#tests/factories/campaign.ts'
import { insertContact } from '#tests/factories/contact.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// Generate Sequences for a campaign: who will be skipped and why is said before the click, the
// run skips exactly them, a sequence a reply stopped is not open, and a run that would skip
// everyone is refused instead of starting empty ("0 of 0 done" under a full bar).

async function campaignWithContacts() {
	const signedIn = await createSignedInUser()
	const { organization, user } = signedIn
	const mailbox = await ensureUserMailbox({
		organizationId: organization.id,
		userId: user.id,
		email: user.email,
		name: user.name,
	})
	const campaign = await createCampaignRecord(organization.id, { name: 'Autumn' })
	const fresh = await insertContact(organization.id, { firstName: 'Fresh', lastName: 'Lead' })
	const noEmail = await insertContact(organization.id, { firstName: 'No', lastName: 'Email', email: null })
	const busy = await insertContact(organization.id, { firstName: 'Busy', lastName: 'Bee' })
	const pausedByHand = await insertContact(organization.id, { firstName: 'Paused', lastName: 'Hand' })
	const replied = await insertContact(organization.id, { firstName: 'Replied', lastName: 'Already' })
	await insertSequence({ organizationId: organization.id, user, contactId: busy.id, status: 'ACTIVE' })
	await insertSequence({
		organizationId: organization.id,
		user,
		contactId: pausedByHand.id,
		status: 'PAUSED',
	})
	const stopped = await insertSequence({
		organizationId: organization.id,
		user,
		contactId: replied.id,
		status: 'PAUSED',
	})
	await prisma.sequenceEvent.create({
		data: { type: 'REPLY', organizationId: organization.id, sequenceId: stopped.id, metadata: {} },
	})
	const ids = { fresh, noEmail, busy, pausedByHand, replied }
	await addToCampaign(
		campaign.id,
		Object.values(ids).map((contact) => contact.id),
	)
	return { ...signedIn, mailbox, campaign, ids }
}

test('the form says who will be skipped and why; a sequence a reply stopped is not open', async () => {
	const { organization, campaign, ids, cookie } = await campaignWithContacts()
	const described = await describeGenerationTarget(organization.id, { campaignId: campaign.id })
	expect(described).toMatchObject({ label: 'Autumn', count: 5 })
	expect(described!.skips.eligible).toBe(2)
	expect(described!.skips.skipped).toBe(3)
	expect(
		Object.fromEntries(described!.skips.contacts.map((contact) => [contact.id, contact.reason])),
	).toEqual({
		[ids.noEmail.id]: 'No email address',
		[ids.busy.id]: 'Already has an open sequence (Active)',
		[ids.pausedByHand.id]: 'Already has an open sequence (Paused)',
	})

	// The page the dialog loads carries the same list.
	const page = await callRoute(() =>
		generateRoute.loader({
			request: makeRequest(`/sequences/generations/new?campaignId=${campaign.id}`, { cookie }),
			params: {},
			context: {},
		}),
	)
	expect(page.body.target.skips.contacts.map((contact: { name: string }) => contact.name).sort()).toEqual([
		'Busy Bee',
		'No Email',
		'Paused Hand',
	])

	// Another organization learns nothing of this campaign.
	const stranger = await createSignedInUser()
	expect(await describeGenerationTarget(stranger.organization.id, { campaignId: campaign.id })).toBeNull()
})

test('the run skips exactly those contacts, then refuses a run that would skip everyone', async () => {
	const { organization, user, mailbox, campaign, ids } = await campaignWithContacts()
	const actor = { organizationId: organization.id, userId: user.id, email: user.email, name: user.name ?? '' }
	const options = { prompt: '', orgPrompt: true, linkedin: false, phoneCall: false }
	const run = await startGenerationRun({
		actor,
		target: { campaignId: campaign.id },
		emailAddressId: mailbox.id,
		options,
	})
	expect(run).toMatchObject({ total: 2, skipped: 3 })
	const drafted = await prisma.sequence.findMany({
		where: { generationId: run.id },
		select: { contactId: true },
	})
	expect(drafted.map((row) => row.contactId).sort()).toEqual([ids.fresh.id, ids.replied.id].sort())

	const after = await describeGenerationTarget(organization.id, { campaignId: campaign.id })
	expect(after!.skips.eligible).toBe(0)
	await expect(
		startGenerationRun({ actor, target: { campaignId: campaign.id }, emailAddressId: mailbox.id, options }),
	).rejects.toThrow(NOTHING_TO_GENERATE)
	expect(await prisma.sequenceGeneration.count({ where: { campaignId: campaign.id } })).toBe(1)
})
