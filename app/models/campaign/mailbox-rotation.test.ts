import { describe, expect, test } from 'vitest'
import { assignRotationMailboxes, countByMailbox } from './mailbox-rotation.ts'

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`)

describe('assignRotationMailboxes', () => {
	test('new contacts go to the mailbox with the most room, counting the ones just given', () => {
		const pool = [
			{ id: 'a', address: 'a@x.test', room: 50 },
			{ id: 'b', address: 'b@x.test', room: 100 },
		]
		const counts = countByMailbox(assignRotationMailboxes(pool, ids(90)))
		// b takes the first 50 (it has 50 more room), then they alternate: 70 and 20.
		expect(counts.get('b')).toBe(70)
		expect(counts.get('a')).toBe(20)
	})

	test('equal room alternates, the first address first', () => {
		const pool = [
			{ id: 'z', address: 'z@x.test', room: 10 },
			{ id: 'm', address: 'm@x.test', room: 10 },
		]
		const assigned = assignRotationMailboxes(pool, ids(4))
		expect([...assigned.values()]).toEqual(['m', 'z', 'm', 'z'])
	})

	test('a contact with a thread from one of the mailboxes keeps it and takes no room', () => {
		const pool = [
			{ id: 'a', address: 'a@x.test', room: 1 },
			{ id: 'b', address: 'b@x.test', room: 0 },
		]
		const assigned = assignRotationMailboxes(pool, ['kept', 'new'], new Map([['kept', 'b']]))
		expect(assigned.get('kept')).toBe('b')
		expect(assigned.get('new')).toBe('a')
	})

	test('a kept mailbox outside the pool does not count: the contact is rotated', () => {
		const pool = [{ id: 'a', address: 'a@x.test', room: 3 }]
		const assigned = assignRotationMailboxes(pool, ['c'], new Map([['c', 'elsewhere']]))
		expect(assigned.get('c')).toBe('a')
	})

	test('mailboxes over their cap still take contacts, the least over first (they wait for room)', () => {
		const pool = [
			{ id: 'a', address: 'a@x.test', room: -5 },
			{ id: 'b', address: 'b@x.test', room: -1 },
		]
		expect(countByMailbox(assignRotationMailboxes(pool, ids(6)))).toEqual(
			new Map([
				['b', 5],
				['a', 1],
			]),
		)
	})
})
