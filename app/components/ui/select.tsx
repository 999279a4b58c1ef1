import { ChevronDown } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

/** A styled native <select>: works without JavaScript and with every assistive technology. */
export const NativeSelect = React.forwardRef<
	HTMLSelectElement,
	React.SelectHTMLAttributes<HTMLSelectElement>
>(function NativeSelect({ className, children, ...props }, ref) {
	return (
		<div className="relative">
			<select
				ref={ref}
				className={cn(
					'flex h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid]:border-destructive',
					className,
				)}
				{...props}
			>
				{children}
			</select>
			<ChevronDown
				className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
				aria-hidden="true"
			/>
		</div>
	)
})

export { NativeSelect as Select }
