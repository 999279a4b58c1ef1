import { expect, test, type Page } from '@playwright/test'
import { signIn, uniqueEmail } from './utils.ts'

// Invitations that arrive (issue 19, decision 040): Settings → Invite emails a link (to the outbox
// here, no SMTP server being set), and the link signs the invitee in and joins them.

/** Invites `email` from Settings and returns the path of the link the outbox email carries. */
async function inviteAndReadLink(owner: Page, email: string) {
	await owner.goto('/settings')
	const inviteForm = owner.getByRole('form', { name: 'Invite by email' })
	await inviteForm.getByRole('textbox', { name: 'Email address' }).fill(email)
	await inviteForm.getByRole('button', { name: 'Invite' }).click()
	await expect(owner.getByText('Invitation in the outbox')).toBeVisible()
	await expect(owner.getByRole('region', { name: 'Pending invites' }).getByText(email)).toBeVisible()

	await owner.goto('/outbox')
	await owner
		.getByRole('link', { name: /^Join .* on Reachout$/ })
		.first()
		.click()
	const message = owner.getByRole('region', { name: 'Message' })
	await message.getByText('Plain text').click()
	const body = await message
		.getByText(/\/invitations\//)
		.first()
		.textContent()
	const link = /https?:\/\/[^/\s]+(\/invitations\/[A-Za-z0-9_-]+)/.exec(body ?? '')
	expect(link, body ?? '').not.toBeNull()
	return link![1]!
}

/** The organization a first sign-in creates: named after the email's local part, as sign-in does. */
function organizationOf(email: string) {
	const words = email.split('@')[0]!.split(/[._-]+/)
	return `${words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ')}'s organization`
}

test('a new teammate follows the emailed link, signs in and joins', async ({ page, browser }) => {
	const ownerEmail = await signIn(page, uniqueEmail('owner'))
	const organization = organizationOf(ownerEmail)
	const invitee = uniqueEmail('newcomer')
	const link = await inviteAndReadLink(page, invitee)

	const context = await browser.newContext()
	const guest = await context.newPage()
	await guest.goto(link)
	await expect(guest.getByText(`invited ${invitee} to join`)).toBeVisible()
	await guest.setViewportSize({ width: 1280, height: 800 })
	await guest.screenshot({ path: '/tmp/shots-invitations/link-signed-out.png' })
	await guest.getByRole('link', { name: `Sign in to join ${organization}` }).click()
	await expect(guest).toHaveURL(/\/login\?redirectTo=/)
	await guest.getByLabel('Email').fill(invitee)
	await guest.getByRole('button', { name: 'Sign in with email' }).click()
	await expect(guest.getByText(`You are a member of ${organization}`)).toBeVisible()

	await guest.goto('/settings')
	await expect(guest.getByText(ownerEmail)).toBeVisible()
	await context.close()
})

test('a member of another organization sees the invitation and moves, warned, without JavaScript', async ({
	page,
	browser,
}) => {
	const ownerEmail = await signIn(page, uniqueEmail('owner'))
	const organization = organizationOf(ownerEmail)
	const context = await browser.newContext({ javaScriptEnabled: false })
	const invitee = await context.newPage()
	const inviteeEmail = await signIn(invitee, uniqueEmail('settled'))
	const ownOrganization = organizationOf(inviteeEmail)

	const link = await inviteAndReadLink(page, inviteeEmail)

	// Signed in already, they see it on any page.
	await invitee.goto('/contacts')
	await expect(invitee.getByText(`You are invited to join ${organization}.`)).toBeVisible()
	await invitee.getByRole('link', { name: 'View invitation' }).click()
	await expect(invitee.getByRole('heading', { name: `Join ${organization}` })).toBeVisible()
	await expect(invitee.getByText(`joining means leaving ${ownOrganization}`)).toBeVisible()
	await expect(invitee.getByText(`Nobody else belongs to ${ownOrganization}`)).toBeVisible()
	await invitee.setViewportSize({ width: 1280, height: 800 })
	await invitee.screenshot({ path: '/tmp/shots-invitations/invitations-warning.png', fullPage: true })

	// The emailed link shows the same, and its button moves them.
	await invitee.goto(link)
	await invitee.getByRole('button', { name: `Leave ${ownOrganization} and join ${organization}` }).click()
	await expect(invitee).toHaveURL(/\/contacts$/)
	// The server renders the toast in <noscript>, which Chromium shows as text after a form post.
	const toast = invitee.getByRole('status').or(invitee.locator('noscript'))
	await expect(toast.filter({ hasText: `You joined ${organization}` })).toHaveCount(1)
	await expect(toast.filter({ hasText: `You left ${ownOrganization}.` })).toHaveCount(1)
	await invitee.goto('/settings')
	await expect(invitee.getByText(ownerEmail)).toBeVisible()
	await context.close()
})
