import { expect, test, type Page } from '@playwright/test'
import { addContactsJourney, addContactsWithoutJavaScript, seedContacts } from './add-contacts-journey.ts'
import { signIn } from './utils.ts'

async function createCampaign(page: Page, name: string, channels: string[]) {
	const response = await page.request.post('/api/v1/campaigns', { data: { name, channels } })
	expect(response.status()).toBe(201)
	return ((await response.json()) as { id: string }).id
}

test.describe('Campaigns', () => {
	// Long user journeys on a shared, busy machine.
	test.describe.configure({ timeout: 90_000 })

	test('the name dialog creates a campaign; the table shows its status, channels and count', async ({
		page,
	}) => {
		await signIn(page)
		await page.goto('/campaigns')
		await expect(page.getByText('No campaigns yet')).toBeVisible()
		await page.getByRole('link', { name: 'New campaign' }).click()
		const dialog = page.getByRole('dialog', { name: 'What should we name this campaign?' })
		await expect(dialog).toBeVisible()
		await expect(dialog.getByRole('checkbox', { name: 'Email' })).toBeChecked()
		await dialog.getByRole('button', { name: 'Create campaign' }).click()
		await expect(dialog.getByText('Campaign name is required')).toBeVisible()

		await dialog.getByLabel('Campaign name').fill('Spring Launch')
		await dialog.getByRole('checkbox', { name: 'LinkedIn' }).check()
		await dialog.getByRole('button', { name: 'Create campaign' }).click()
		await expect(page).toHaveURL(/\/campaigns\/[^/]+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Spring Launch' })).toBeVisible()
		await expect(page.getByText('Campaign created')).toBeVisible()
		await expect(page.getByText('Channels: Email, LinkedIn')).toBeVisible()
		await expect(page.getByText('No contacts in this campaign yet.')).toBeVisible()

		await page.getByRole('link', { name: 'Campaigns', exact: true }).first().click()
		const row = page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: /Spring Launch/ })
		const badge = row.getByText('Draft')
		await expect(badge).toHaveAttribute('data-colour', 'fuchsia')
		await expect(row).toContainText('Email, LinkedIn')
		await expect(row.getByRole('cell').nth(3)).toHaveText('0')
	})

	test('Add Contacts: search, tags, sort, select, Add Selected, per-row Add, Add All, Added', async ({
		page,
	}) => {
		await signIn(page)
		const campaignId = await createCampaign(page, 'Pioneers', ['EMAIL'])
		await addContactsJourney(page, {
			url: `/campaigns/${campaignId}`,
			dialogName: 'Add Contacts',
			membersName: 'Campaign contacts',
			added: (count) => `${count} contacts added to campaign`,
		})
		await expect(page.getByText('5 contacts', { exact: true })).toBeVisible()
	})

	test('the LinkedIn channel rules disable contacts, with the message as a tooltip', async ({ page }) => {
		await signIn(page)
		await seedContacts(page, [
			{ firstName: 'Profile', lastName: 'Person', linkedin: 'https://www.linkedin.com/in/profile-person' },
			{ firstName: 'Company', lastName: 'Page', linkedin: 'https://www.linkedin.com/company/acme' },
			{ firstName: 'No', lastName: 'Linkedin' },
		])
		const campaignId = await createCampaign(page, 'Social', ['LINKEDIN'])
		await page.goto(`/campaigns/${campaignId}`)
		await page.getByRole('link', { name: 'Add Contacts' }).click()
		const table = page
			.getByRole('dialog', { name: 'Add Contacts' })
			.getByRole('table', { name: 'Contacts to add' })
		await expect(table.getByRole('row')).toHaveCount(4)

		// Ineligible rows: no checkbox, and the rule as a tooltip on the Add button (hover or focus).
		await expect(table.getByRole('checkbox', { name: 'Select No Linkedin' })).toBeDisabled()
		const noLinkedin = table.getByRole('button', { name: 'Add No Linkedin' })
		await expect(noLinkedin).toHaveAttribute('aria-disabled', 'true')
		await noLinkedin.focus()
		await expect(
			page.getByRole('tooltip').filter({
				hasText: 'LinkedIn is required - Please provide a LinkedIn URL or update the campaign channels.',
			}),
		).toBeVisible()
		await expect(table.getByRole('checkbox', { name: 'Select Company Page' })).toBeDisabled()
		await table.getByRole('button', { name: 'Add Company Page' }).focus()
		await expect(
			page.getByRole('tooltip').filter({
				hasText:
					'Invalid LinkedIn URL - Please provide a valid personal LinkedIn profile URL (for example https://www.linkedin.com/in/username)',
			}),
		).toBeVisible()
		// Clicking it adds nothing.
		await table.getByRole('button', { name: 'Add Company Page' }).click({ force: true })
		await expect(table.getByRole('row', { name: /Company Page/ })).not.toContainText('Added')

		await table.getByRole('checkbox', { name: 'Select Profile Person' }).check()
		await page.getByRole('button', { name: 'Add All (3)' }).click()
		await expect(page.getByText('1 contacts added to campaign')).toBeVisible()
		await expect(page.getByText(/2 contacts skipped/)).toBeVisible()
		await expect(table.getByRole('row', { name: /Profile Person/ })).toContainText('Added')
		// Profiles read by their path (a cut "https://www…" tells no one apart), linked to LinkedIn.
		const profile = table
			.getByRole('row', { name: /Profile Person/ })
			.getByRole('link', { name: 'in/profile-person' })
		await expect(profile).toHaveAttribute('href', 'https://www.linkedin.com/in/profile-person')
		await expect(profile).toHaveAttribute('target', '_blank')
	})

	test('Add Contacts pages by 100, prefetches the next page and selects all across pages', async ({
		page,
	}) => {
		test.setTimeout(150_000)
		await signIn(page)
		const people = Array.from({ length: 101 }, (_, index) => ({
			firstName: `Bulk${String(index).padStart(3, '0')}`,
			lastName: 'Person',
		}))
		// Ten at a time: the API is the only way in, and one by one is slow.
		for (let start = 0; start < people.length; start += 10) {
			await Promise.all(people.slice(start, start + 10).map((person) => seedContacts(page, [person])))
		}
		const campaignId = await createCampaign(page, 'Bulk', ['EMAIL'])
		await page.goto(`/campaigns/${campaignId}`)
		const nextPage = page.waitForRequest((request) =>
			/\/resources\/candidates\/campaign\/.*skip=100/.test(request.url()),
		)
		await page.getByRole('link', { name: 'Add Contacts' }).click()
		const dialog = page.getByRole('dialog', { name: 'Add Contacts' })
		const table = dialog.getByRole('table', { name: 'Contacts to add' })
		await expect(table.getByRole('row')).toHaveCount(101)
		await nextPage
		await expect(dialog.getByText('1–100 of 101')).toBeVisible()

		await table.getByRole('checkbox', { name: 'Select all contacts on this page' }).check()
		await expect(dialog.getByRole('button', { name: 'Add Selected (100)' })).toBeEnabled()
		await dialog.getByRole('button', { name: 'Select all 101 contacts' }).click()
		await expect(dialog.getByText('All 101 matching contacts are selected')).toBeVisible()
		// Unticking one row leaves it out.
		await table.getByRole('checkbox', { name: 'Select Bulk100 Person' }).uncheck()
		await dialog.getByRole('button', { name: 'Add Selected (100)' }).click()
		await expect(page.getByText('100 contacts added to campaign')).toBeVisible()

		await dialog.getByRole('button', { name: 'Next' }).click()
		await expect(dialog.getByText('101–101 of 101')).toBeVisible()
		await expect(table.getByRole('row')).toHaveCount(2)
		// The oldest contact (one of the first batch, created together) is alone on page 2.
		await expect(table.getByRole('row', { name: /Bulk00\d/ })).toContainText('Added')
		await dialog.getByRole('button', { name: 'Previous' }).click()
		await expect(table.getByRole('row', { name: /Bulk100/ })).not.toContainText('Added')
	})

	test('from the contacts screen: the selection goes to a chosen campaign', async ({ page }) => {
		await signIn(page)
		await seedContacts(page, [
			{ firstName: 'Margaret', lastName: 'Hamilton' },
			{ firstName: 'Radia', lastName: 'Perlman' },
		])
		await createCampaign(page, 'Apollo', ['EMAIL'])
		await page.goto('/contacts')
		// A tick before hydration is undone by it (as in tags.spec.ts): tick until it holds.
		await expect(async () => {
			await page.getByRole('checkbox', { name: 'Select Margaret Hamilton' }).check()
			await expect(page.getByRole('button', { name: 'Add to campaign' })).toBeVisible({ timeout: 1_000 })
		}).toPass()
		await page.getByRole('button', { name: 'Add to campaign' }).click()
		const dialog = page.getByRole('dialog', { name: 'Add to Campaign' })
		await dialog.getByRole('radio', { name: /Apollo/ }).check()
		await dialog.getByRole('button', { name: 'Add to campaign' }).click()
		await expect(page.getByText('1 contacts added to campaign')).toBeVisible()
		await expect(dialog).toBeHidden()
		await page.goto('/campaigns')
		await expect(
			page
				.getByRole('table', { name: 'Campaigns' })
				.getByRole('row', { name: /Apollo/ })
				.getByRole('cell')
				.nth(3),
		).toHaveText('1')
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the campaign page adds contacts with a plain form', async ({ page }) => {
			await signIn(page)
			await seedContacts(page, [
				{ firstName: 'Plain', lastName: 'One' },
				{ firstName: 'Plain', lastName: 'Two' },
			])
			await page.goto('/campaigns')
			await page.getByRole('link', { name: 'New campaign' }).click()
			await page.getByLabel('Campaign name').fill('No Script')
			await page.getByRole('button', { name: 'Create campaign' }).click()
			await expect(page.getByRole('heading', { level: 1, name: 'No Script' })).toBeVisible()

			await addContactsWithoutJavaScript(page, {
				url: new URL(page.url()).pathname,
				dialogName: 'Add Contacts',
				membersName: 'Campaign contacts',
			})
		})
	})
})
