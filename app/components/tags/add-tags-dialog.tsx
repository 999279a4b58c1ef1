import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { type ContactFilter } from '#app/schemas/contact-filter.ts'
import { TAG_DIALOG_PAGE_SIZE } from '#app/schemas/tag.ts'
import { TagSearchCreateBar } from './tag-search-create-bar.tsx'
import {
	addContactsToTagRequest,
	contactTargetBody,
	fetchTagCoverage,
	fetchTagPage,
	type TagListItem,
	type TagOption,
} from './tags-client.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

// The spec: dialog search debounce 50 ms, 15 tags per page, 8 skeleton rows, table 320 px.
const SEARCH_DEBOUNCE_MS = 50
const SKELETON_ROWS = 8

type AddTagsDialogProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	/** The contacts to tag: their ids, or 'all' contacts matching `filter` minus `excludeIds`. */
	selection: 'all' | string[]
	filter: ContactFilter
	excludeIds?: string[]
	contactCount: number
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
	return (
		<Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
			<DialogContent className="max-w-2xl">
				<AddTagsDialogBody
					{...props}
					onClose={() => onOpenChange(false)}
					saving={saving}
					setSaving={setSaving}
				/>
			</DialogContent>
		</Dialog>
	)
}

function AddTagsDialogBody({
	selection,
	filter,
	excludeIds = [],
	contactCount,
	onSaved,
	onSaving,
	onClose,
	saving,
	setSaving,
}: Omit<AddTagsDialogProps, 'open' | 'onOpenChange'> & {
	onClose: () => void
	saving: boolean
	setSaving: (saving: boolean) => void
}) {
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
	// The page belongs to a search: a new search starts at page 1.
	const [paging, setPaging] = useState({ search: '', page: 1 })
	const page = paging.search === debouncedSearch ? paging.page : 1
	const setPage = (next: number) => setPaging({ search: debouncedSearch, page: next })
	const [reloadToken, setReloadToken] = useState(0)
	const [rows, setRows] = useState<{ items: TagListItem[]; lastPage: number } | null>(null)
	const [failed, setFailed] = useState(false)
	const [coverage, setCoverage] = useState<{ selectedCount: number; counts: Record<string, number> } | null>(
		null,
	)
	const [chosen, setChosen] = useState<TagOption[]>([])
	const target = contactTargetBody(selection, filter, excludeIds)
	const targetKey = JSON.stringify(target)

	useEffect(() => {
		const controller = new AbortController()
		setRows(null)
		setFailed(false)
		fetchTagPage(
			{ take: TAG_DIALOG_PAGE_SIZE, skip: (page - 1) * TAG_DIALOG_PAGE_SIZE, search: debouncedSearch },
			controller.signal,
		)
			.then((result) => setRows({ items: result.data, lastPage: result.meta.last_page }))
			.catch(() => {
				if (!controller.signal.aborted) setFailed(true)
			})
		return () => controller.abort()
	}, [debouncedSearch, page, reloadToken])

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
			toast.success('Selected tags added successfully')
			setSaving(false)
			onSaved?.(chosen)
			onClose()
		} catch {
			rollback?.()
			toast.error('Failed to add selected tags')
			setSaving(false)
		}
	}

	const chosenIds = new Set(chosen.map((tag) => tag.id))
	const title =
		selection === 'all' ? 'Select tags for all contact(s)' : `Select tags for ${selection.length} contact(s)`
	const count = selection === 'all' ? contactCount : selection.length

	return (
		<>
			<DialogHeader>
				<DialogTitle>{title}</DialogTitle>
				<DialogDescription>
					{selection === 'all'
						? `The tags are added to all ${contactCount.toLocaleString('en-US')} contacts matching the current filter.`
						: `The tags are added to the ${count.toLocaleString('en-US')} selected contact(s).`}
				</DialogDescription>
			</DialogHeader>
			<TagSearchCreateBar
				search={search}
				onSearchChange={setSearch}
				onCreated={(tag) => {
					if (!chosenIds.has(tag.id) && !holdsAll(tag.id)) toggle(tag, true)
					setReloadToken((token) => token + 1)
				}}
			/>
			<div className="h-[320px] overflow-y-auto rounded-md border">
				<Table aria-label="Tags" aria-busy={rows === null}>
					<TableHeader className="sticky top-0 bg-background">
						<TableRow>
							<TableHead className="w-10">
								<span className="sr-only">Select</span>
							</TableHead>
							<TableHead>Name</TableHead>
							<TableHead className="w-28 text-right">Contacts</TableHead>
						</TableRow>
					</TableHeader>
					<TableBody>
						{rows === null && !failed
							? Array.from({ length: SKELETON_ROWS }, (_, index) => (
									<TableRow key={index} data-skeleton>
										<TableCell>
											<Skeleton className="h-4 w-4" />
										</TableCell>
										<TableCell>
											<Skeleton className="h-4 w-40" />
										</TableCell>
										<TableCell>
											<Skeleton className="ml-auto h-4 w-10" />
										</TableCell>
									</TableRow>
								))
							: null}
						{failed ? (
							<TableRow>
								<TableCell colSpan={3} className="h-24 text-center text-destructive">
									Failed to load tags
								</TableCell>
							</TableRow>
						) : null}
						{rows && rows.items.length === 0 ? (
							<TableRow>
								<TableCell colSpan={3} className="h-24 text-center text-muted-foreground">
									No tags found
								</TableCell>
							</TableRow>
						) : null}
						{rows?.items.map((tag) => {
							const disabled = holdsAll(tag.id)
							return (
								<TableRow key={tag.id} data-state={chosenIds.has(tag.id) ? 'selected' : undefined}>
									<TableCell>
										<Checkbox
											aria-label={`Select tag ${tag.name}`}
											checked={chosenIds.has(tag.id)}
											disabled={disabled || saving}
											title={disabled ? 'Every selected contact already has this tag' : undefined}
											onChange={(event) => toggle({ id: tag.id, name: tag.name }, event.target.checked)}
										/>
									</TableCell>
									<TableCell className="max-w-0 truncate font-medium">
										{tag.name}
										{disabled ? (
											<span className="ml-2 text-xs font-normal text-muted-foreground">Added</span>
										) : null}
									</TableCell>
									<TableCell className="text-right tabular-nums">
										{(tag.contactCount ?? 0).toLocaleString('en-US')}
									</TableCell>
								</TableRow>
							)
						})}
					</TableBody>
				</Table>
			</div>
			<div className="flex items-center justify-between text-sm">
				<span className="text-muted-foreground">
					Page {page} of {rows?.lastPage ?? page}
				</span>
				<div className="flex gap-2">
					<Button
						type="button"
						variant="outline"
						size="sm"
						onClick={() => setPage(page - 1)}
						disabled={page <= 1 || rows === null}
					>
						Previous
					</Button>
					<Button
						type="button"
						variant="outline"
						size="sm"
						onClick={() => setPage(page + 1)}
						disabled={rows === null || page >= rows.lastPage}
					>
						Next
					</Button>
				</div>
			</div>
			<DialogFooter className="items-center sm:justify-between">
				<span className="text-sm text-muted-foreground" aria-live="polite">
					{chosen.length} tag(s) selected
				</span>
				<div className="flex gap-2">
					<Button type="button" variant="outline" onClick={onClose} disabled={saving}>
						Cancel
					</Button>
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
