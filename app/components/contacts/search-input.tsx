import { Search } from 'lucide-react'
import * as React from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/utils/misc.ts'

/** A search box with the magnifier inside it; `className` sizes the box around the input. */
export const SearchInput = React.forwardRef<
	HTMLInputElement,
	Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function SearchInput({ className, ...props }, ref) {
	return (
		<div className={cn('relative', className)}>
			<Search
				className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
				aria-hidden="true"
			/>
			<Input ref={ref} type="search" className="pl-9" {...props} />
		</div>
	)
})
