import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

// Add Contacts is one dialog on the list and the campaign pages: both specs run these journeys,
// so both pages are held to the same behaviour and words.

type Person = { firstName: string; lastName: string; linkedin?: string; tagIds?: string[] }

/** A company and contacts through the JSON API, as the signed-in user; their ids in order. */
export async function seedContacts(page: Page, people: Person[]) {
	const company = await page.request.post('/api/v1/companies', {
		data: { name: `Acme ${randomUUID().slice(0, 6)}`, description: 'Rockets' },
	})
	expect(company.status()).toBe(201)
	const { id: companyId } = (await company.json()) as { id: string }
	const ids: string[] = []
	for (const person of people) {
		const response = await page.request.post('/api/v1/contacts', {
			data: {
				...person,
				companyId,
				role: 'Buyer',
				email: `${person.firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
			},
		})
		expect(response.status(), await response.text()).toBe(201)
		ids.push(((await response.json()) as { id: string }).id)
	}
	return ids
}

export type AddContactsPage = {
	/** The list or campaign page. */
	url: string
	/** The dialog's title: "Add Contacts to List", "Add Contacts". */
	dialogName: string
	/** The name of the members table: "List contacts", "Campaign contacts". */
	membersName: string
	/** The success toast: "2 contacts added to list". */
	added: (count: number) => string
}

/**
 * With JavaScript: search, tags, sort, select, Add Selected (n), per-row Add, Add All (those not yet added),
 * Added, 8 skeleton rows, the state in the query string and a link that opens the dialog on it.
 * Seeds five contacts, two of them tagged.
 */
export async function addContactsJourney(page: Page, target: AddContactsPage) {
	const tag = await page.request.post('/api/v1/tags', { data: { name: `VIP ${randomUUID().slice(0, 4)}` } })
	const { id: tagId, name: tagName } = (await tag.json()) as { id: string; name: string }
	await seedContacts(page, [
		{ firstName: 'Ada', lastName: 'Lovelace', tagIds: [tagId] },
		{ firstName: 'Grace', lastName: 'Hopper' },
		{ firstName: 'Alan', lastName: 'Turing', tagIds: [tagId] },
		{ firstName: 'Edsger', lastName: 'Dijkstra' },
		{ firstName: 'Barbara', lastName: 'Liskov' },
	])

	// Hold the first page so the skeleton rows can be seen.
	let release: () => void = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/resources/candidates/*/*?*', async (route) => {
		await held
		await route.fallback()
	})
	await page.goto(target.url)
	await page.getByRole('link', { name: 'Add Contacts' }).click()
	const dialog = page.getByRole('dialog', { name: target.dialogName })
	await expect(dialog.getByTestId('skeleton-row')).toHaveCount(8)
	release()

	const table = dialog.getByRole('table', { name: 'Contacts to add' })
	await expect(table.getByRole('row')).toHaveCount(6)
	// Newest first by default; Name sorts A→Z, then Z→A.
	await expect(table.getByRole('row').nth(1)).toContainText('Barbara Liskov')
	await table.getByRole('button', { name: 'Name' }).click()
	await expect(table.getByRole('row').nth(1)).toContainText('Ada Lovelace')
	await table.getByRole('button', { name: 'Name' }).click()
	await expect(table.getByRole('row').nth(1)).toContainText('Grace Hopper')
	await table.getByRole('button', { name: 'Created At' }).click()
	await expect(table.getByRole('row').nth(1)).toContainText('Barbara Liskov')

	// The search narrows the offer, and the state stays in the query string.
	const search = dialog.getByRole('searchbox', { name: 'Search contacts' })
	await search.fill('hopper')
	await expect(table.getByRole('row')).toHaveCount(2)
	await expect(table).toContainText('Grace Hopper')
	await expect(page).toHaveURL(/[?&]add=1.*search=hopper/)
	await search.fill('')
	await expect(table.getByRole('row')).toHaveCount(6)

	await dialog.getByRole('button', { name: /^Tags/ }).click()
	await page.getByRole('group', { name: 'Tags' }).getByText(tagName).click()
	await page.keyboard.press('Escape')
	await expect(table.getByRole('row')).toHaveCount(3)
	await expect(table).toContainText('Ada Lovelace')
	await expect(table).toContainText('Alan Turing')
	await expect(page).toHaveURL(new RegExp(`tags=${tagId}`))

	await table.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check()
	await table.getByRole('checkbox', { name: 'Select Alan Turing' }).check()
	await dialog.getByRole('button', { name: 'Add Selected (2)' }).click()
	await expect(page.getByText(target.added(2))).toBeVisible()
	await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Added')
	await expect(table.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeDisabled()
	await expect(dialog.getByRole('button', { name: 'Add Selected (0)' })).toBeDisabled()

	// Clearing the tag filter: the others are still offered; one by its own Add button.
	await dialog.getByRole('button', { name: /^Tags/ }).click()
	await page.getByRole('button', { name: 'Clear' }).click()
	await page.keyboard.press('Escape')
	await expect(table.getByRole('row')).toHaveCount(6)
	await table.getByRole('button', { name: 'Add Grace Hopper' }).click()
	await expect(table.getByRole('row', { name: /Grace Hopper/ })).toContainText('Added')
	await expect(page.getByText(target.added(1))).toBeVisible()

	await dialog.getByRole('button', { name: 'Add All (2)' }).click()
	// The two not yet added (the first "2 contacts" toast may still be on screen).
	await expect(page.getByText(target.added(2)).last()).toBeVisible()
	await expect(table.getByText('Added')).toHaveCount(5)

	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(page).not.toHaveURL(/add=1/)
	const members = page.getByRole('table', { name: target.membersName })
	await expect(members.getByRole('row')).toHaveCount(6)

	// A link with the state opens the dialog on it; closing it leaves the page.
	await page.goto(`${target.url}?add=1&search=hopper`)
	await expect(dialog.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('hopper')
	await expect(table.getByRole('row')).toHaveCount(2)
	await expect(table.getByRole('row', { name: /Grace Hopper/ })).toContainText('Added')
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(page).toHaveURL(new RegExp(`${target.url}$`))
}

/**
 * Without JavaScript: the same words on a plain form. Add Contacts opens `?add=1`; a ticked box
 * and Add Selected add it; a search (in the query string) and Add All (total) add the matches.
 */
export async function addContactsWithoutJavaScript(page: Page, target: Omit<AddContactsPage, 'added'>) {
	await page.goto(target.url)
	await page.getByRole('link', { name: 'Add Contacts' }).click()
	await expect(page).toHaveURL(/\?add=1/)
	await expect(page.getByRole('heading', { name: target.dialogName })).toBeVisible()
	await page.getByRole('checkbox', { name: 'Select Plain One' }).check()
	await page.getByRole('button', { name: 'Add Selected' }).click()
	const members = page.getByRole('table', { name: target.membersName })
	await expect(members.getByRole('row')).toHaveCount(2)
	await expect(members).toContainText('Plain One')

	await page.getByRole('link', { name: 'Add Contacts' }).click()
	const offer = page.getByRole('table', { name: 'Contacts to add' })
	await expect(offer.getByRole('row', { name: /Plain One/ })).toContainText('Added')
	await expect(offer.getByRole('checkbox', { name: 'Select Plain One' })).toBeDisabled()
	await page.getByRole('searchbox', { name: 'Search contacts' }).fill('two')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/search=two/)
	await page.getByRole('button', { name: 'Add All (1)' }).click()
	await expect(members.getByRole('row')).toHaveCount(3)
	await expect(members).toContainText('Plain Two')
}
