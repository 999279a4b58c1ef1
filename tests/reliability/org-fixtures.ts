import { randomUUID } from 'node:crypto'
import { ensureUserMailbox } from '#app/models/mailbox/mailbox.server.ts'
import { createSession } from '#app/models/session/session.server.ts'
import { encrypt } from '#app/utils/crypto.server.ts'
import { prisma } from '#app/utils/db.server.ts'
import { commitSessionToken } from '#app/utils/session.server.ts'
import { insertSequence } from '#tests/factories/sequence.ts'

// One of everything an organization owns, for the reliability sweeps: the fuzz's organization A
// and the cross-organization sweep's organization B. Every text of B's carries its marker, so a
// response that shows B's data is found by the marker alone.

export type FixtureKind = keyof Awaited<ReturnType<typeof seedOrganization>>['ids']

/** Seeds an organization with an OWNER signed in; `marker` goes into every name and address. */
export async function seedOrganization(marker: string, { email }: { email?: string } = {}) {
	const unique = randomUUID().slice(0, 8)
	const tag = `${marker}${unique}`
	const organization = await prisma.organization.create({
		data: { name: `${tag} Org`, summary: `${tag} summary`, sendWindowEnabled: false },
	})
	const organizationId = organization.id
	const user = await prisma.user.create({
		data: {
			email: email ?? `${tag}-owner@${marker}.example`,
			name: `${tag} Owner`,
			emailVerified: true,
			memberships: { create: { organizationId, role: 'OWNER' } },
			// The call list and its API are behind this flag: the sweeps reach them.
			featureFlags: { create: { key: 'sequence:phone', value: 'true' } },
		},
	})
	const userMailbox = await ensureUserMailbox({ organizationId, userId: user.id, email: user.email })
	const smtpTransport = await prisma.smtpTransport.create({
		// Nothing listens on port 9: a send through it fails at once.
		data: { organizationId, name: `${tag} SMTP`, host: '127.0.0.1', port: 9, security: 'NONE' },
	})
	const senderMailbox = await prisma.mailbox.create({
		data: {
			organizationId,
			address: `${tag}-sales@${marker}.example`,
			kind: 'SENDER',
			verifiedAt: new Date(),
			smtpTransportId: smtpTransport.id,
		},
	})
	const company = await prisma.company.create({
		data: { organizationId, name: `${tag} Co`, slug: `${tag}-co`, description: `${tag} secret plans` },
	})
	const contact = await prisma.contact.create({
		data: {
			organizationId,
			creatorId: user.id,
			firstName: `${tag}first`,
			lastName: `${tag}last`,
			email: `${tag}-lead@${marker}.example`,
			linkedin: `https://www.linkedin.com/in/${tag}`,
			role: `${tag} CEO`,
			companyId: company.id,
		},
	})
	const contactTag = await prisma.tag.create({ data: { organizationId, name: `${tag} tag` } })
	const list = await prisma.list.create({
		data: { organizationId, name: `${tag} list`, slug: `${tag}-list` },
	})
	const campaign = await prisma.campaign.create({
		data: { organizationId, name: `${tag} campaign`, channels: ['EMAIL', 'LINKEDIN'] },
	})
	await prisma.contactTag.create({ data: { tagId: contactTag.id, contactId: contact.id } })
	await prisma.listContact.create({ data: { listId: list.id, contactId: contact.id } })
	await prisma.campaignContact.create({ data: { campaignId: campaign.id, contactId: contact.id } })
	const generationRun = await prisma.sequenceGeneration.create({
		data: { organizationId, name: `${tag} run`, creatorId: user.id, campaignId: campaign.id, prompt: tag },
	})
	const sequence = await insertSequence({
		organizationId,
		user,
		contactId: contact.id,
		subject: `${tag} subject`,
		linkedInSteps: [{ daysAfter: 0, requestNote: `${tag} note` }],
		data: { generationId: generationRun.id },
	})
	const emailStep = sequence.emailSteps[0]!
	const phoneCallStep = await prisma.phoneCallStep.create({
		data: { organizationId, sequenceId: sequence.id, order: 1, daysAfter: 2, talkingPoints: `${tag} points` },
	})
	await prisma.sequenceEvent.create({
		data: { organizationId, sequenceId: sequence.id, emailStepId: emailStep.id, type: 'LINK_CLICK' },
	})
	await prisma.conversationMessage.create({
		data: {
			organizationId,
			sequenceId: sequence.id,
			emailStepId: emailStep.id,
			fromAddress: contact.email!,
			toAddress: user.email,
			subject: `Re: ${tag} subject`,
			bodyText: `${tag} reply`,
			isFromUser: false,
			date: new Date(),
			providerMessageId: `${tag}-provider-message`,
		},
	})
	const outboxMessage = await prisma.outboxMessage.create({
		data: {
			organizationId,
			mailboxId: userMailbox.id,
			messageId: `<${tag}@${marker}.example>`,
			fromAddress: user.email,
			toAddress: contact.email!,
			subject: `${tag} outbox subject`,
			html: `<p>${tag} outbox</p>`,
			text: `${tag} outbox`,
		},
	})
	const queueable = await prisma.queueable.create({
		data: { organizationId, userId: user.id, type: 'document.parse', metadata: { name: `${tag}.pdf` } },
	})
	const invite = await prisma.invite.create({
		data: { organizationId, email: `${tag}-invitee@${marker}.example`, invitedById: user.id },
	})
	const document = await prisma.organizationDocument.create({
		data: { organizationId, name: `${tag} doc`, content: `${tag} document content` },
	})
	await prisma.feedback.create({
		data: { organizationId, userId: user.id, type: 'bug', message: `${tag} feedback` },
	})
	// A company import under review (issue 13), with a row the review table can edit.
	const companyImport = await prisma.companyImport.create({
		data: {
			organizationId,
			userId: user.id,
			source: 'CSV',
			state: 'PREVIEWING',
			fileName: `${tag}.csv`,
			headers: ['Name', 'Description'],
			totalRows: 1,
			rows: {
				create: [
					{
						position: 0,
						data: { name: `${tag} Imported`, description: `${tag} import secret` },
						processed: true,
					},
				],
			},
		},
		include: { rows: true },
	})
	// A lead import under review (issue 14): its queue item opens /lead-scraper/:queueId.
	const leadImportQueueable = await prisma.queueable.create({
		data: {
			organizationId,
			userId: user.id,
			type: 'LEAD_IMPORT',
			status: 'COMPLETED',
			metadata: { source: `${tag}.csv` },
		},
	})
	await prisma.leadImport.create({
		data: {
			organizationId,
			userId: user.id,
			source: 'FILE',
			state: 'READY',
			name: `${tag} leads.csv`,
			leadCount: 1,
			queueableId: leadImportQueueable.id,
			leads: {
				create: [
					{
						position: 0,
						firstName: `${tag}Lead`,
						lastName: 'Secret',
						email: `${tag}-lead@${marker}.example`,
						companyName: `${tag} Lead Co`,
					},
				],
			},
		},
	})
	// A finished contact search (issue 15) with one result: its signals route takes its id.
	const contactSearch = await prisma.queueable.create({
		data: {
			organizationId,
			userId: user.id,
			type: 'contact_search',
			status: 'COMPLETED',
			payload: { mode: 'single', lookingFor: `${tag} CTO`, topX: 1, companies: [] },
			result: {
				mode: 'single',
				ranker: 'offline',
				results: [
					{
						companyId: company.id,
						companyName: `${tag} Co`,
						website: null,
						logoUrl: null,
						totalEmployeesAnalyzed: 1,
						topContacts: [
							{
								id: 'c0-1',
								rank: 1,
								firstName: `${tag}Found`,
								lastName: 'Person',
								email: `${tag}-found@${marker}.example`,
								phone: null,
								role: `${tag} CTO`,
								roleDetails: null,
								companyName: `${tag} Co`,
								linkedinUrl: `https://www.linkedin.com/in/${tag}-found`,
								matchReason: `${tag} reason`,
								score: 0.9,
								relevanceScore: 90,
								location: null,
								companyData: { id: company.id, name: `${tag} Co` },
								source: 'CONTACTS',
								existingContactId: null,
							},
						],
					},
				],
				summary: { totalContactsFound: 1, successfulCompanies: 1 },
				query: { lookingFor: `${tag} CTO`, topX: 1 },
			},
		},
	})
	// A webhook endpoint with one delivery in its log (issue 16). Its URL is an address the fetcher
	// refuses, so a test event the fuzz sends fails at once without the network.
	const webhook = await prisma.webhookEndpoint.create({
		data: {
			organizationId,
			url: `http://127.0.0.1:1/${tag}-hook`,
			description: `${tag} webhook`,
			events: ['step.sent'],
			secretEncrypted: encrypt(`whsec_${tag}`),
		},
	})
	const webhookEvent = await prisma.webhookEvent.create({
		data: {
			id: `evt_${tag}`,
			organizationId,
			type: 'step.sent',
			payload: { stepId: emailStep.id, note: tag },
		},
	})
	await prisma.webhookDelivery.create({
		data: {
			id: randomUUID(),
			organizationId,
			endpointId: webhook.id,
			eventId: webhookEvent.id,
			status: 'FAILED',
			attempts: 1,
			failureReason: `${tag} refused`,
		},
	})
	// A task a referral asked for (issue 17, decision 052).
	const followUpTask = await prisma.followUpTask.create({
		data: {
			organizationId,
			kind: 'CONTACT_REFERRED_PERSON',
			title: `Contact ${tag} person`,
			personName: `${tag} person`,
			assigneeId: user.id,
			contactId: contact.id,
			sequenceId: sequence.id,
		},
	})
	const ids = {
		organization: organizationId,
		webhook: webhook.id,
		followUpTask: followUpTask.id,
		contactSearch: contactSearch.id,
		leadImportQueue: leadImportQueueable.id,
		companyImport: companyImport.id,
		companyImportRow: companyImport.rows[0]!.id,
		user: user.id,
		contact: contact.id,
		company: company.id,
		companySlug: company.slug,
		tag: contactTag.id,
		list: list.id,
		listSlug: list.slug,
		campaign: campaign.id,
		sequence: sequence.id,
		emailStep: emailStep.id,
		linkedInStep: sequence.linkedInSteps[0]!.id,
		phoneCallStep: phoneCallStep.id,
		generationRun: generationRun.id,
		queueable: queueable.id,
		invite: invite.id,
		outboxMessage: outboxMessage.id,
		userMailbox: userMailbox.id,
		senderMailbox: senderMailbox.id,
		smtpTransport: smtpTransport.id,
		document: document.id,
	}
	return { ids, marker: tag, user, organization, signIn: () => signIn(user.id) }
}

export type SeededOrganization = Awaited<ReturnType<typeof seedOrganization>>

/** A fresh session of the user, as its cookie (a request may sign the last one out). */
export async function signIn(userId: string) {
	const session = await createSession({ userId })
	return (await commitSessionToken(session.token)).split(';')[0]!
}
