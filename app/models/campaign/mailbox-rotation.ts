/**
 * Mailbox rotation (decision 053): which of a campaign's mailboxes each new contact's sequence
 * sends from. A contact that already has a thread from one of them keeps it; everyone else goes,
 * one by one, to the mailbox with the most room left under its daily cap, counting the contacts
 * just given to it — so a run of a thousand fills the mailboxes in proportion to their room
 * instead of all landing on the first.
 */

export type RotationMailbox = {
	id: string
	address: string
	/** Today's cap (warm-up included) minus what it sent today and the first emails it already owes. */
	room: number
}

/** Each contact's mailbox id, in the contacts' order. `kept` holds contacts' existing mailboxes. */
export function assignRotationMailboxes(
	pool: ReadonlyArray<RotationMailbox>,
	contactIds: ReadonlyArray<string>,
	kept: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
	if (pool.length === 0) throw new Error('assignRotationMailboxes needs at least one mailbox')
	const poolIds = new Set(pool.map((mailbox) => mailbox.id))
	// Ties go to the address first in alphabetical order, so the same inputs give the same plan.
	const room = [...pool]
		.sort((a, b) => a.address.localeCompare(b.address))
		.map((mailbox) => ({ id: mailbox.id, room: mailbox.room }))
	const assigned = new Map<string, string>()
	for (const contactId of contactIds) {
		const keptId = kept.get(contactId)
		if (keptId && poolIds.has(keptId)) {
			assigned.set(contactId, keptId)
			continue
		}
		let best = room[0]!
		for (const candidate of room) if (candidate.room > best.room) best = candidate
		assigned.set(contactId, best.id)
		best.room -= 1
	}
	return assigned
}

/** How many new contacts each mailbox got, for the run's summary. */
export function countByMailbox(assigned: ReadonlyMap<string, string>) {
	const counts = new Map<string, number>()
	for (const mailboxId of assigned.values()) counts.set(mailboxId, (counts.get(mailboxId) ?? 0) + 1)
	return counts
}
