import { expect, test, type Page } from '@playwright/test'
import type pg from 'pg'
import {
	fakeLinkedInControl,
	type FakeLinkedInCredentials,
	type FakeLinkedInSend,
} from '../fakes/linkedin-server.ts'
import {
	actAtAnyPace,
	connectDatabase,
	runServerLinkedInPass,
	SERVER_LINKEDIN_PORT,
	sendAtAnyHour,
	seedContact,
	seedSequence,
} from './sequence-fixtures.ts'
import { signIn } from './utils.ts'

// The server-side LinkedIn executor (decision 029) carrying a sequence's LinkedIn steps against the
// fake LinkedIn the e2e server points LINKEDIN_API_BASE_URL at (serve.ts): the user connects LinkedIn
// and allows actions while their browser is closed in Settings → LinkedIn, activates the sequence in
// its drawer, and sees the request, the acceptance, the message and the reply that stops it there.
// The executor's cron runs every minute; the spec adds the same job for each pass instead of waiting.

const linkedin = fakeLinkedInControl(`http://127.0.0.1:${SERVER_LINKEDIN_PORT}`)

type Profile = { publicIdentifier: string; firstName: string; lastName: string }

/**
 * The companion in the user's Chrome at the moment they connect: it hands over the fake LinkedIn's
 * session and accepts the app token, and never asks for work afterwards — for the executor the
 * browser is closed, so the server carries the steps out.
 */
async function installHandingOverCompanion(
	page: Page,
	credentials: FakeLinkedInCredentials,
	profile: Profile,
) {
	await page.addInitScript(
		({ cookie, csrfToken, profile }) => {
			const answers: Record<string, unknown> = {
				GET_ROGER_COMPANION_STATUS: {
					success: true,
					status: 'connected',
					linkedinLoggedIn: true,
					hasAppToken: true,
				},
				GET_LINKEDIN_AUTH: {
					success: true,
					auth: { cookie, 'csrf-token': csrfToken },
					userProfileDetails: profile,
				},
				GET_LINKEDIN_USER_PROFILE: { success: true, profile },
				SET_ROGER_COMPANION_TOKEN: { success: true },
			}
			const runtime = {
				sendMessage(_id: string, message: { type: string }, callback: (response: unknown) => void) {
					const answer = answers[message.type] ?? { success: false, error: 'Unknown message' }
					setTimeout(() => callback(answer), 20)
				},
			}
			const chrome = (window as unknown as { chrome?: object }).chrome ?? {}
			Object.defineProperty(window, 'chrome', {
				value: { ...chrome, runtime },
				configurable: true,
				writable: true,
			})
		},
		{ cookie: credentials.cookie, csrfToken: credentials.csrfToken, profile },
	)
}

function toast(page: Page, text: string) {
	return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

/**
 * Sequences → the contact's row (its status as the list shows it) → the drawer, as the user comes
 * back to see what happened.
 */
async function openFromSequences(page: Page, contactName: string, status: string, title: string) {
	await page.goto('/sequences')
	const row = page.getByRole('table', { name: 'Sequences' }).getByRole('row').filter({ hasText: contactName })
	await expect(row.getByRole('cell').nth(2)).toHaveText(status)
	await row.getByRole('link', { name: contactName }).click()
	const drawer = page.getByRole('dialog', { name: title })
	await expect(drawer).toHaveAttribute('data-hydrated', 'true')
	return drawer
}

/** What LinkedIn accepted from the account for the person: the invitations and messages they received. */
async function sentTo(account: string, person: string) {
	const sent = await linkedin.sent()
	return sent
		.filter((send) => send.account === account && send.to === person)
		.map(({ kind, text }: FakeLinkedInSend) => ({ kind, text }))
}

// Signs in, connects, and runs four executor passes with reloads between them.
test.describe.configure({ timeout: 120_000 })

let db: pg.Client
test.beforeAll(async () => {
	db = await connectDatabase()
})
test.afterAll(async () => {
	await db?.end()
})

test('with the browser closed the server sends the request, then the message after acceptance; a LinkedIn reply stops the sequence', async ({
	page,
}) => {
	const run = Date.now().toString(36)
	const seller = { publicIdentifier: `kay-seller-${run}`, firstName: 'Kay', lastName: 'Seller' }
	const credentials = await linkedin.addAccount({
		username: seller.publicIdentifier,
		firstName: seller.firstName,
		lastName: seller.lastName,
	})
	const lead = `lin-lead-${run}`
	await linkedin.addPerson({ username: lead, firstName: 'Lin', lastName: 'Lead' })
	const profile = `https://www.linkedin.com/in/${lead}`
	const note = 'Hi Lin, I read your post on rocket reuse.'
	const message = 'Thanks for connecting, Lin. Could we talk on Thursday?'
	const reply = 'Thursday at ten works for me.'

	await installHandingOverCompanion(page, credentials, seller)
	const email = await signIn(page)

	// Settings → LinkedIn: connect (the companion hands over the session), then let the server act.
	await page.goto('/settings')
	await page.getByRole('link', { name: 'LinkedIn' }).click()
	await expect(page).toHaveURL(/\/settings\/linkedin$/)
	await page.getByRole('button', { name: 'Connect LinkedIn' }).click()
	const dialog = page.getByRole('dialog', { name: 'Connect LinkedIn' })
	await dialog.getByLabel('I have completed both').check()
	await dialog.getByRole('button', { name: 'Connect LinkedIn' }).click()
	await expect(toast(page, 'LinkedIn connected successfully')).toBeVisible()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('link', { name: `/in/${seller.publicIdentifier}` })).toBeVisible()
	const form = page.getByRole('form', { name: 'LinkedIn settings' })
	await form.getByLabel('Allow actions while my browser is closed').check()
	await form.getByRole('button', { name: 'Save' }).click()
	await expect(toast(page, 'LinkedIn settings saved')).toBeVisible()
	await expect(form.getByLabel('Allow actions while my browser is closed')).toBeChecked()

	// Any hour, no gap between actions (the UI offers neither): each pass does all that is due.
	await sendAtAnyHour(db, email)
	await actAtAnyPace(db, email)

	const contact = await seedContact(page.request, { firstName: 'Lin', lastName: 'Lead', linkedin: profile })
	const sequence = await seedSequence(page.request, contact.id, {
		subject: 'Rockets that land',
		steps: [{ daysAfter: 3 }],
		linkedInSteps: [
			{ daysAfter: 0, requestNote: note, linkedinUrl: profile },
			{ daysAfter: 0, message, linkedinUrl: profile },
		],
	})
	const [requestStep, messageStep] = [...sequence.linkedInSteps].sort((a, b) => a.order - b.order)

	// Activated in its drawer: the request is due now, the email three days out.
	await page.goto(`/sequences/${sequence.id}`)
	const draft = page.getByRole('dialog', { name: 'Draft Sequence' })
	await expect(draft).toHaveAttribute('data-hydrated', 'true')
	await draft.getByRole('button', { name: 'Activate sequence' }).click()
	await expect(page.getByText('Sequence updated successfully')).toBeVisible()

	// Pass 1: the request goes, with its note; the message waits for the acceptance.
	await runServerLinkedInPass(db)
	expect(await sentTo(seller.publicIdentifier, lead)).toEqual([{ kind: 'INVITATION', text: note }])
	let drawer = await openFromSequences(page, 'Lin Lead', 'Active', 'Active Sequence')
	await drawer.getByRole('tab', { name: 'LinkedIn' }).click()
	let requestCard = drawer.getByRole('article', { name: 'Connection Request' })
	let messageCard = drawer.getByRole('article', { name: 'Message' })
	await expect(requestCard.getByTestId('linkedin-sent')).toContainText('Sent')
	await expect(requestCard.getByTestId('linkedin-awaiting')).toContainText('Awaiting acceptance')
	await expect(messageCard.getByTestId('linkedin-sent')).toHaveCount(0)

	// Lin accepts. The watch for it backs off (its next check is hours away): brought forward to now.
	await linkedin.acceptInvitation(seller.publicIdentifier, lead)
	await db.query(`UPDATE "LinkedInStep" SET "nextCheckAt" = now() - interval '1 second' WHERE id = $1`, [
		requestStep!.id,
	])
	// Pass 2: the acceptance is seen and the message goes in the same pass.
	await runServerLinkedInPass(db)
	drawer = await openFromSequences(page, 'Lin Lead', 'Active', 'Active Sequence')
	await drawer.getByRole('tab', { name: 'LinkedIn' }).click()
	requestCard = drawer.getByRole('article', { name: 'Connection Request' })
	messageCard = drawer.getByRole('article', { name: 'Message' })
	await expect(requestCard.getByTestId('linkedin-accepted')).toContainText('Accepted')
	await expect(messageCard.getByTestId('linkedin-sent')).toContainText('Sent')
	const timeline = drawer.getByTestId('sequence-timeline')
	await timeline.getByText('Timeline', { exact: true }).click()
	await expect(timeline.getByTestId('timeline-event')).toHaveText([
		/LinkedIn connection request sent.*Hi Lin, I read your post on rocket reuse\./,
		/LinkedIn connection accepted/,
		/LinkedIn message sent.*Thanks for connecting, Lin\. Could we talk on Thursday\?/,
	])

	// Pass 3, with nothing new on LinkedIn: nothing goes again.
	await runServerLinkedInPass(db)
	expect(await sentTo(seller.publicIdentifier, lead)).toEqual([
		{ kind: 'INVITATION', text: note },
		{ kind: 'MESSAGE', text: message },
	])

	// Lin answers on LinkedIn; the conversation's next read (brought forward) stops the sequence.
	await linkedin.reply(lead, seller.publicIdentifier, reply)
	await db.query(`UPDATE "LinkedInStep" SET "nextCheckAt" = now() - interval '1 second' WHERE id = $1`, [
		messageStep!.id,
	])
	await runServerLinkedInPass(db)
	const replied = await openFromSequences(page, 'Lin Lead', 'Replied', 'Sequence Replies')
	const conversation = replied.getByRole('region', { name: 'LinkedIn conversation' })
	await expect(conversation.getByLabel('Sent message')).toContainText(message)
	await expect(conversation.getByLabel('Reply')).toContainText(reply)
	const lastEvent = replied.getByTestId('sequence-timeline').getByTestId('timeline-event').last()
	await expect(lastEvent).toContainText('LinkedIn reply received')
	await expect(lastEvent).toContainText(reply)
	// Stopped whole: the email three days out will not go.
	const { rows } = await db.query<{ status: string; email: string }>(
		`SELECT s.status, e.status AS email FROM "Sequence" s JOIN "EmailStep" e ON e."sequenceId" = s.id WHERE s.id = $1`,
		[sequence.id],
	)
	expect(rows).toEqual([{ status: 'PAUSED', email: 'SCHEDULED' }])

	// One more pass: LinkedIn received one invitation and one message, never twice.
	await runServerLinkedInPass(db)
	expect(await sentTo(seller.publicIdentifier, lead)).toEqual([
		{ kind: 'INVITATION', text: note },
		{ kind: 'MESSAGE', text: message },
	])
})
