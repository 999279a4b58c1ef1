import { Check, ChevronsUpDown, Loader2, Plus, Search } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useDialogStack } from '#app/components/dialog-stack/dialog-stack.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '#app/components/ui/popover.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { cn } from '#app/utils/misc.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { type CompanyOption } from './company-picker-cache.ts'
import { NEW_COMPANY_DIALOG, NewCompanyDialog } from './new-company-dialog.tsx'
import { useCompanyOptions } from './use-company-options.ts'

/** The next page loads once the highlighted or a visible item is within the last 3. */
const LOAD_MORE_THRESHOLD = 3

/**
 * A searchable company picker: a popover with a search box, 20 companies per page loaded as
 * the list scrolls, keyboard navigation and a Create shortcut (the New Company dialog,
 * prefilled with the search text, selects the created company). A hidden input named `name`
 * carries the company id. Before hydration, or without JavaScript, it is a native select
 * of `fallbackOptions` with the same name.
 */
export function CompanyPicker({
	name,
	id,
	defaultCompany = null,
	fallbackOptions = [],
	invalid = false,
	errorId,
	placeholder = 'Select a company',
	onChange,
}: {
	/** Name of the input carrying the company id. */
	name: string
	/** id of the trigger (or of the select), for a <label htmlFor>. */
	id?: string
	defaultCompany?: CompanyOption | null
	/** Server-rendered options of the native select used until hydration and without JavaScript. */
	fallbackOptions?: CompanyOption[]
	invalid?: boolean
	errorId?: string
	placeholder?: string
	onChange?: (company: CompanyOption | null) => void
}) {
	const hydrated = useHydrated()
	const generatedId = useId()
	const triggerId = id ?? `company-picker-${generatedId}`
	const [selected, setSelected] = useState<CompanyOption | null>(defaultCompany)
	const [open, setOpen] = useState(false)
	const inputRef = useRef<HTMLInputElement>(null)
	const changes = useRef(0)
	const [changeCount, setChangeCount] = useState(0)
	const { openDialog } = useDialogStack()

	// Follow a new default (the form now edits another contact).
	const defaultId = defaultCompany?.id ?? null
	const defaultName = defaultCompany?.name ?? null
	useEffect(() => {
		setSelected(defaultId && defaultName ? { id: defaultId, name: defaultName } : null)
	}, [defaultId, defaultName])

	// Form libraries (Conform) validate on input events; a hidden input gets none by itself.
	useEffect(() => {
		if (changeCount === 0) return
		inputRef.current?.dispatchEvent(new Event('input', { bubbles: true }))
		inputRef.current?.dispatchEvent(new Event('change', { bubbles: true }))
	}, [changeCount])

	const choose = useCallback(
		(company: CompanyOption) => {
			setSelected(company)
			setOpen(false)
			changes.current += 1
			setChangeCount(changes.current)
			onChange?.(company)
		},
		[onChange],
	)

	if (!hydrated) {
		const options =
			selected && !fallbackOptions.some((option) => option.id === selected.id)
				? [selected, ...fallbackOptions]
				: fallbackOptions
		return (
			<NativeSelect
				id={triggerId}
				name={name}
				defaultValue={selected?.id ?? ''}
				aria-invalid={invalid || undefined}
				aria-describedby={invalid ? errorId : undefined}
			>
				<option value="">{placeholder}</option>
				{options.map((option) => (
					<option key={option.id} value={option.id}>
						{option.name}
					</option>
				))}
			</NativeSelect>
		)
	}

	function openCreate(search: string) {
		setOpen(false)
		openDialog(NEW_COMPANY_DIALOG, <NewCompanyDialog defaultName={search.trim()} onCreated={choose} />)
	}

	return (
		<>
			<input ref={inputRef} type="hidden" name={name} value={selected?.id ?? ''} />
			{/* Modal, so the list scrolls inside dialogs (their scroll lock would swallow the wheel). */}
			<Popover open={open} onOpenChange={setOpen} modal>
				<PopoverTrigger asChild>
					<Button
						id={triggerId}
						type="button"
						variant="outline"
						role="combobox"
						aria-expanded={open}
						aria-haspopup="listbox"
						aria-invalid={invalid || undefined}
						aria-describedby={invalid ? errorId : undefined}
						className={cn(
							'w-full justify-between font-normal aria-[invalid]:border-destructive',
							!selected && 'text-muted-foreground',
						)}
					>
						<span className="truncate">{selected?.name ?? placeholder}</span>
						<ChevronsUpDown className="opacity-50" aria-hidden="true" />
					</Button>
				</PopoverTrigger>
				<PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-72 p-0">
					<CompanyPickerList selectedId={selected?.id ?? null} onChoose={choose} onCreate={openCreate} />
				</PopoverContent>
			</Popover>
		</>
	)
}

function CompanyPickerList({
	selectedId,
	onChoose,
	onCreate,
}: {
	selectedId: string | null
	onChoose: (company: CompanyOption) => void
	onCreate: (search: string) => void
}) {
	const [search, setSearch] = useState('')
	const [highlight, setHighlight] = useState(0)
	const { items, hasMore, loading, settled, loadMore } = useCompanyOptions(search, true)
	const listboxId = useId()
	const listRef = useRef<HTMLUListElement>(null)
	const optionId = (index: number) => `${listboxId}-option-${index}`

	// A new result set starts at the selected company, or at the top.
	const firstItemId = items[0]?.id
	useEffect(() => {
		const index = items.findIndex((item) => item.id === selectedId)
		setHighlight(index >= 0 ? index : 0)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only when a new result set arrives
	}, [firstItemId, settled])

	useEffect(() => {
		if (items.length && highlight >= items.length - LOAD_MORE_THRESHOLD) loadMore()
		document.getElementById(optionId(highlight))?.scrollIntoView({ block: 'nearest' })
		// eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from a stable id
	}, [highlight, items.length, loadMore])

	// Scrolling: the item 3 from the end coming into view loads the next page.
	const observer = useRef<IntersectionObserver | null>(null)
	const thresholdItemRef = useCallback(
		(element: HTMLLIElement | null) => {
			observer.current?.disconnect()
			if (!element || typeof IntersectionObserver === 'undefined') return
			observer.current = new IntersectionObserver(
				(entries) => {
					if (entries.some((entry) => entry.isIntersecting)) loadMore()
				},
				{ root: listRef.current },
			)
			observer.current.observe(element)
		},
		[loadMore],
	)
	useEffect(() => () => observer.current?.disconnect(), [])

	function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
		if (event.key === 'ArrowDown') {
			event.preventDefault()
			setHighlight((index) => Math.min(index + 1, Math.max(items.length - 1, 0)))
		} else if (event.key === 'ArrowUp') {
			event.preventDefault()
			setHighlight((index) => Math.max(index - 1, 0))
		} else if (event.key === 'PageDown') {
			event.preventDefault()
			setHighlight((index) => Math.min(index + 10, Math.max(items.length - 1, 0)))
		} else if (event.key === 'PageUp') {
			event.preventDefault()
			setHighlight((index) => Math.max(index - 10, 0))
		} else if (event.key === 'Enter') {
			event.preventDefault()
			const item = items[highlight]
			if (item && settled) onChoose(item)
			else if (settled && !items.length && search.trim()) onCreate(search)
		}
	}

	const thresholdIndex = hasMore ? Math.max(items.length - LOAD_MORE_THRESHOLD, 0) : -1
	const activeId = items[highlight] ? optionId(highlight) : undefined
	return (
		<div className="flex flex-col">
			{/* The box has no outline of its own (it fills the row): the row shows where focus is. */}
			<div className="flex items-center gap-1 rounded-t-md border-b px-2 has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-inset has-[input:focus-visible]:ring-ring">
				<Search className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
				<input
					type="text"
					role="combobox"
					aria-label="Search companies"
					aria-expanded="true"
					aria-controls={listboxId}
					aria-autocomplete="list"
					aria-activedescendant={activeId}
					autoComplete="off"
					autoFocus
					value={search}
					onChange={(event) => setSearch(event.currentTarget.value)}
					onKeyDown={onKeyDown}
					placeholder="Search companies..."
					className="h-10 min-w-0 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground"
				/>
				<Button
					type="button"
					variant="ghost"
					size="icon"
					className="h-8 w-8 shrink-0"
					aria-label={search.trim() ? `Create company "${search.trim()}"` : 'Create company'}
					title="Create company"
					onClick={() => onCreate(search)}
				>
					<Plus aria-hidden="true" />
				</Button>
			</div>
			<ul
				ref={listRef}
				id={listboxId}
				role="listbox"
				aria-label="Companies"
				className="max-h-64 overflow-y-auto p-1"
			>
				{items.map((item, index) => (
					<li
						key={item.id}
						id={optionId(index)}
						ref={index === thresholdIndex ? thresholdItemRef : undefined}
						role="option"
						aria-selected={index === highlight}
						data-current={item.id === selectedId || undefined}
						onMouseMove={() => setHighlight(index)}
						onMouseDown={(event) => event.preventDefault()}
						onClick={() => onChoose(item)}
						className={cn(
							'flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm',
							index === highlight && 'bg-accent text-accent-foreground',
						)}
					>
						<span className="truncate">{item.name}</span>
						{item.id === selectedId ? <Check className="h-4 w-4 shrink-0" aria-hidden="true" /> : null}
					</li>
				))}
			</ul>
			<div aria-live="polite" className="empty:hidden">
				{loading ? (
					<p className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
						<Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
						Loading companies…
					</p>
				) : settled && items.length === 0 ? (
					<div className="flex flex-col items-start gap-2 px-3 py-3 text-sm">
						<p className="text-muted-foreground">No companies found</p>
						{search.trim() ? (
							<Button type="button" variant="secondary" size="sm" onClick={() => onCreate(search)}>
								<Plus aria-hidden="true" />
								Create “{search.trim()}”
							</Button>
						) : null}
					</div>
				) : null}
			</div>
		</div>
	)
}
