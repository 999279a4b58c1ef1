import { useEffect, useState } from 'react'
import { type SelectionDialogProps } from '#app/components/contacts/contacts-selection.ts'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { DialogCancelButton, DialogShell } from '#app/components/ui/dialog-shell.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { TagChoiceTable } from './tag-choice-table.tsx'
import { TagSearchCreateBar } from './tag-search-create-bar.tsx'
import {
	addContactsToTagRequest,
	contactTargetBody,
	fetchTagCoverage,
	type TagOption,
} from './tags-client.ts'
import { TagPager, useTagPages } from './use-tag-pages.tsx'

type AddTagsDialogProps = SelectionDialogProps & {
	onSaved?: (tags: TagOption[]) => void
	/** Called as the save starts, for optimistic rows; the function it returns undoes them on failure. */
	onSaving?: (tags: TagOption[]) => (() => void) | void
}

/**
 * The spec's Add-tags dialog: a searchable, paged tag table (checkbox, Name, Contacts),
 * "N tag(s) selected", Cancel and "Save contacts with tag". Tags that already hold every
 * selected contact cannot be selected. The content unmounts when closed, so every opening
 * starts fresh.
 */
export function AddTagsDialog({ open, onOpenChange, ...props }: AddTagsDialogProps) {
	const [saving, setSaving] = useState(false)
	const { selection, contactCount } = props
	return (
		<DialogShell
			open={open}
			onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}
			title={
				selection === 'all'
					? 'Select tags for all contact(s)'
					: `Select tags for ${selection.length} contact(s)`
			}
			description={
				selection === 'all'
					? `The tags are added to all ${contactCount.toLocaleString('en-US')} contacts matching the current filter.`
					: `The tags are added to the ${selection.length.toLocaleString('en-US')} selected contact(s).`
			}
			className="max-w-2xl"
		>
			<AddTagsDialogBody
				{...props}
				onClose={() => onOpenChange(false)}
				saving={saving}
				setSaving={setSaving}
			/>
		</DialogShell>
	)
}

function AddTagsDialogBody({
	selection,
	filter,
	excludeIds = [],
	onSaved,
	onSaving,
	onClose,
	saving,
	setSaving,
}: Omit<AddTagsDialogProps, 'open' | 'onOpenChange' | 'contactCount'> & {
	onClose: () => void
	saving: boolean
	setSaving: (saving: boolean) => void
}) {
	const pages = useTagPages()
	const { rows } = pages
	const [coverage, setCoverage] = useState<{ selectedCount: number; counts: Record<string, number> } | null>(
		null,
	)
	const [chosen, setChosen] = useState<TagOption[]>([])
	const target = contactTargetBody(selection, filter, excludeIds)
	const targetKey = JSON.stringify(target)

	// Which visible tags already hold every selected contact (those cannot be chosen).
	useEffect(() => {
		if (!rows?.items.length) return
		const controller = new AbortController()
		fetchTagCoverage(
			rows.items.map((tag) => tag.id),
			JSON.parse(targetKey) as typeof target,
			controller.signal,
		)
			.then(setCoverage)
			.catch(() => {})
		return () => controller.abort()
	}, [rows, targetKey])

	function holdsAll(tagId: string) {
		if (!coverage || coverage.selectedCount === 0) return false
		return (coverage.counts[tagId] ?? 0) >= coverage.selectedCount
	}

	function toggle(tag: TagOption, checked: boolean) {
		setChosen((previous) => (checked ? [...previous, tag] : previous.filter((item) => item.id !== tag.id)))
	}

	async function save() {
		if (chosen.length === 0) return onClose()
		setSaving(true)
		const rollback = onSaving?.(chosen)
		try {
			// One tag at a time: each is a single INSERT … SELECT over possibly every contact.
			for (const tag of chosen) await addContactsToTagRequest(tag.id, target)
			notify({ type: 'success', title: 'Selected tags added successfully' })
			setSaving(false)
			onSaved?.(chosen)
			onClose()
		} catch {
			rollback?.()
			notify({ type: 'error', title: 'Failed to add selected tags' })
			setSaving(false)
		}
	}

	const chosenIds = new Set(chosen.map((tag) => tag.id))

	return (
		<>
			<TagSearchCreateBar
				search={pages.search}
				onSearchChange={pages.setSearch}
				onCreated={(tag) => {
					if (!chosenIds.has(tag.id) && !holdsAll(tag.id)) toggle(tag, true)
					pages.reload()
				}}
			/>
			<TagChoiceTable
				tags={rows ? rows.items.map((tag) => ({ ...tag, holdsAll: holdsAll(tag.id) })) : null}
				failed={pages.failed}
				isChosen={(tag) => chosenIds.has(tag.id)}
				checkbox={(tag) => ({
					checked: chosenIds.has(tag.id),
					disabled: tag.holdsAll || saving,
					title: tag.holdsAll ? 'Every selected contact already has this tag' : undefined,
					onChange: (event) => toggle({ id: tag.id, name: tag.name }, event.target.checked),
				})}
			/>
			<TagPager pages={pages} />
			<DialogFooter className="items-center sm:justify-between">
				<span className="text-sm text-muted-foreground" aria-live="polite">
					{chosen.length} tag(s) selected
				</span>
				<div className="flex gap-2">
					<DialogCancelButton disabled={saving} />
					<Button type="button" onClick={() => void save()} disabled={saving}>
						{saving
							? 'Processing...'
							: chosen.length
								? 'Save contacts with tag'
								: 'Save Contacts without tags'}
					</Button>
				</div>
			</DialogFooter>
		</>
	)
}
