import { expect, test } from 'vitest'
import { relevantPassages } from './grounding.server.ts'

const handbook = [
	'Reachout helps revenue teams send outreach that stops the moment a prospect replies.',
	'Our SOC 2 Type II report covers encryption at rest and single sign-on for security reviews.',
	'Logistics customers cut their quoting time by 40 percent with our freight pricing engine.',
	'The office dog is called Biscuit and enjoys long walks on Fridays around the park.',
].join('\n\n')

test('passages sharing the most words with the query come first; unrelated ones stay out', () => {
	const passages = relevantPassages([handbook], 'VP Security at a bank asking about encryption and SOC 2')
	expect(passages[0]).toContain('SOC 2 Type II')
	expect(passages.join(' ')).not.toContain('Biscuit')
})

test('the budget caps what is sent', () => {
	const many = Array.from(
		{ length: 50 },
		(_, index) => `Freight pricing case study number ${index} for logistics teams.`,
	)
	const passages = relevantPassages([many.join('\n\n')], 'logistics freight pricing', 300)
	expect(passages.join('').length).toBeLessThanOrEqual(300)
	expect(passages.length).toBeGreaterThan(0)
})
