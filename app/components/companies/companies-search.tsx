import { Form, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

export const COMPANIES_SEARCH_DEBOUNCE_MS = 300

/**
 * The companies search box: a GET form (?search=, back to page 1). With JavaScript the
 * results follow the typing after a short pause, replacing the history entry.
 */
export function CompaniesSearch({ search }: { search: string }) {
	const submit = useSubmit()
	const inputRef = useRef<HTMLInputElement>(null)
	const timeout = useRef<ReturnType<typeof setTimeout>>()
	useEffect(() => () => clearTimeout(timeout.current), [])
	// Back/forward changes the URL's search: show it, unless the user is typing here.
	useEffect(() => {
		const input = inputRef.current
		if (input && document.activeElement !== input) input.value = search
	}, [search])

	return (
		<Form method="get" role="search" aria-label="Companies" className="flex max-w-md items-center gap-2">
			<div className="relative flex-1">
				<Search
					className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
					aria-hidden="true"
				/>
				<Input
					ref={inputRef}
					type="search"
					name="search"
					aria-label="Search companies"
					placeholder="Search companies..."
					defaultValue={search}
					maxLength={200}
					className="pl-9"
					onChange={(event) => {
						const form = event.currentTarget.form
						clearTimeout(timeout.current)
						timeout.current = setTimeout(() => {
							if (form) submit(form, { replace: true, preventScrollReset: true })
						}, COMPANIES_SEARCH_DEBOUNCE_MS)
					}}
				/>
			</div>
			<Button type="submit" variant="outline">
				Search
			</Button>
		</Form>
	)
}
