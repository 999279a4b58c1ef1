import { Form, useSubmit } from '@remix-run/react'
import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** Typing settles for this long before the page searches (the server pages the results). */
const SEARCH_DEBOUNCE_MS = 300

/**
 * "Search contacts...": a GET form (`?search=`, back to page 1). With JavaScript it searches as
 * you type; without, its Search button submits it.
 */
export function ReviewSearch({ search }: { search: string }) {
	const hydrated = useHydrated()
	const submit = useSubmit()
	const form = useRef<HTMLFormElement>(null)
	const [value, setValue] = useState(search)
	const submitted = useRef(search)

	useEffect(() => {
		if (value.trim() === submitted.current) return
		const timeout = setTimeout(() => {
			submitted.current = value.trim()
			submit(form.current, { replace: true, preventScrollReset: true })
		}, SEARCH_DEBOUNCE_MS)
		return () => clearTimeout(timeout)
	}, [value, submit])

	return (
		<Form ref={form} method="get" role="search" className="flex items-center gap-2">
			<div className="relative w-full max-w-sm">
				<Search
					className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
					aria-hidden="true"
				/>
				<Input
					type="search"
					name="search"
					aria-label="Search contacts"
					placeholder="Search contacts..."
					value={value}
					maxLength={200}
					onChange={(event) => setValue(event.target.value)}
					className="h-9 pl-8"
				/>
			</div>
			{hydrated ? null : (
				<Button type="submit" size="sm" variant="outline">
					Search
				</Button>
			)}
		</Form>
	)
}
