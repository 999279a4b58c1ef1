import { describe, expect, test } from 'vitest'
import { meaningfulSentences, taglineFrom, writeOffline } from './offline-summary.ts'

const PAGE_TEXT = [
	'Home',
	'Products',
	'Pricing',
	'We use cookies to improve your experience. Accept all to continue browsing our site.',
	'Acme builds reusable rockets for small satellite operators. Our launches cost a tenth of the usual price.',
	'- Fast turnaround',
	'Since 2015 we have flown 120 missions for customers in 14 countries. Every rocket lands and flies again within a week.',
	'Sign in to your account to see your launches and invoices.',
	'© 2026 Acme Inc. All rights reserved.',
].join('\n')

describe('offline writer', () => {
	test('keeps sentences, drops menus, cookie banners, sign-in prompts and copyright lines', () => {
		expect(meaningfulSentences(PAGE_TEXT)).toEqual([
			'Acme builds reusable rockets for small satellite operators.',
			'Our launches cost a tenth of the usual price.',
			'Since 2015 we have flown 120 missions for customers in 14 countries.',
			'Every rocket lands and flies again within a week.',
		])
	})

	test('description from the meta description, summary from the page, tagline from the title', () => {
		expect(
			writeOffline({
				names: ['Acme'],
				metaDescription: 'Reusable rockets for small satellite operators, launched every week.',
				title: 'Acme — Rockets that fly again',
				text: PAGE_TEXT,
			}),
		).toEqual({
			description: 'Reusable rockets for small satellite operators, launched every week.',
			summary:
				'Acme builds reusable rockets for small satellite operators. Our launches cost a tenth of the usual price. Since 2015 we have flown 120 missions for customers in 14 countries. Every rocket lands and flies again within a week.',
			tagline: 'Rockets that fly again',
		})
	})

	test('without a meta description the page’s first sentences describe it; nothing to say gives nothing', () => {
		const written = writeOffline({ names: ['Acme'], title: 'Acme', text: PAGE_TEXT })
		expect(written.description).toBe(
			'Acme builds reusable rockets for small satellite operators. Our launches cost a tenth of the usual price.',
		)
		expect(written.summary).toBe(
			'Since 2015 we have flown 120 missions for customers in 14 countries. Every rocket lands and flies again within a week.',
		)
		expect(written.tagline).toBeUndefined()
		expect(writeOffline({ text: 'Home\nAbout\nContact' })).toEqual({})
	})

	test('a short meta description without a full stop still describes the company', () => {
		expect(
			writeOffline({ metaDescription: 'Automated testing for mobile teams', text: PAGE_TEXT }).description,
		).toBe('Automated testing for mobile teams')
		expect(writeOffline({ metaDescription: 'Home page', text: '' }).description).toBeUndefined()
	})

	test('tagline is the half of the title that is not the name', () => {
		expect(taglineFrom('Rockets that fly again | Acme', ['Acme'])).toBe('Rockets that fly again')
		expect(taglineFrom('Home - Acme', ['Acme'])).toBeNull()
		expect(taglineFrom('Acme', ['Acme'])).toBeNull()
		expect(taglineFrom('Acme Rockets — Launches that land', ['ACME (ours)', 'Acme Rockets'])).toBe(
			'Launches that land',
		)
	})
})
