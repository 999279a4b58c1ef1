import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

/** A styled native checkbox, so it posts with plain forms. */
export const Checkbox = React.forwardRef<
	HTMLInputElement,
	Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function Checkbox({ className, ...props }, ref) {
	return (
		<input
			ref={ref}
			type="checkbox"
			className={cn(
				'h-4 w-4 shrink-0 cursor-pointer rounded border border-primary accent-primary ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
				className,
			)}
			{...props}
		/>
	)
})
