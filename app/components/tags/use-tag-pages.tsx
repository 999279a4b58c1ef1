import { useEffect, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { TAG_DIALOG_PAGE_SIZE } from '#app/schemas/tag.ts'
import { fetchTagPage, type TagListItem } from './tags-client.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

// The tag dialogs' table (Add tags, Save leads with tags): the organization's tags page by page
// for a search, re-read after an inline creation. The spec: search debounce 50 ms, 15 per page.

const SEARCH_DEBOUNCE_MS = 50

export function useTagPages() {
	const [search, setSearch] = useState('')
	const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
	// The page belongs to a search: a new search starts at page 1.
	const [paging, setPaging] = useState({ search: '', page: 1 })
	const page = paging.search === debouncedSearch ? paging.page : 1
	const [reloadToken, setReloadToken] = useState(0)
	const [rows, setRows] = useState<{ items: TagListItem[]; lastPage: number } | null>(null)
	const [failed, setFailed] = useState(false)

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

	return {
		search,
		setSearch,
		page,
		setPage: (next: number) => setPaging({ search: debouncedSearch, page: next }),
		rows,
		failed,
		reload: () => setReloadToken((token) => token + 1),
	}
}

/** "Page n of m" with Previous and Next, for a useTagPages table. */
export function TagPager({ pages }: { pages: ReturnType<typeof useTagPages> }) {
	const { page, rows, setPage } = pages
	return (
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
	)
}
