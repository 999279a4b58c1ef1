import { useFetchers } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { type ContactTableRow } from './contacts-table.tsx'

type Tag = { id: string; name: string }
type Target = { selection: 'all' | string[]; excludeIds: string[] }
type AddedTags = { tags: Tag[]; target: Target }

function applies(target: Target, contactId: string) {
	// Visible rows all match the filter, so "all" covers every row not unticked.
	return target.selection === 'all'
		? !target.excludeIds.includes(contactId)
		: target.selection.includes(contactId)
}

const CONTACT_ACTION = /^\/contacts\/([^/?#]+)$/

/**
 * Contacts being deleted right now by any fetcher (the detail dialog posts intent=delete to
 * /contacts/:id). Their rows hide while the request runs and come back by themselves if it fails.
 */
function usePendingDeletes() {
	const fetchers = useFetchers()
	const ids = new Set<string>()
	for (const fetcher of fetchers) {
		if (fetcher.formMethod?.toUpperCase() !== 'POST' || fetcher.formData?.get('intent') !== 'delete') continue
		const match = CONTACT_ACTION.exec(fetcher.formAction ?? '')
		if (match?.[1]) ids.add(decodeURIComponent(match[1]))
	}
	return ids
}

/**
 * The spec's optimistic contact-list mutations. A contact being deleted leaves the table as soon
 * as the request starts and comes back if it fails. Tags added in bulk show on the affected rows
 * as soon as the save starts and are taken off again if it fails; the reloaded rows (the
 * server's truth) then replace them, so nothing stays that the server did not keep.
 */
export function useOptimisticContacts(rows: ContactTableRow[], total: number) {
	const [addedTags, setAddedTags] = useState<AddedTags[]>([])
	const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(new Set())
	const pendingDeletesKey = [...usePendingDeletes()].sort().join(',')

	// Fresh rows from the server already hold what was saved.
	useEffect(() => setAddedTags((current) => (current.length ? [] : current)), [rows])

	/** Shows tags on the affected rows now; returns the rollback for a failed save. */
	const showAddedTags = useCallback((tags: Tag[], target: Target) => {
		const entry: AddedTags = { tags, target }
		setAddedTags((current) => [...current, entry])
		return () => setAddedTags((current) => current.filter((item) => item !== entry))
	}, [])

	const removeContact = useCallback((id: string) => {
		setDeletedIds((current) => new Set(current).add(id))
	}, [])

	const hidden = useMemo(() => {
		const ids = new Set(deletedIds)
		for (const id of pendingDeletesKey.split(',')) if (id) ids.add(id)
		return ids
	}, [deletedIds, pendingDeletesKey])

	const visibleRows = useMemo(
		() =>
			rows
				.filter((row) => !hidden.has(row.id))
				.map((row) => {
					const extra = addedTags.flatMap((entry) => (applies(entry.target, row.id) ? entry.tags : []))
					if (extra.length === 0) return row
					const known = new Set(row.tags.map((tag) => tag.id))
					const added = extra.filter((tag) => !known.has(tag.id) && known.add(tag.id))
					return added.length ? { ...row, tags: [...row.tags, ...added] } : row
				}),
		[rows, addedTags, hidden],
	)
	const removedHere = rows.length - visibleRows.length

	return { rows: visibleRows, total: Math.max(0, total - removedHere), showAddedTags, removeContact }
}
