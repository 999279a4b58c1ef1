import * as ProgressPrimitive from '@radix-ui/react-progress'
import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

/** `value` is a percentage, 0-100. */
export const Progress = React.forwardRef<
	React.ElementRef<typeof ProgressPrimitive.Root>,
	React.ComponentPropsWithoutRef<typeof ProgressPrimitive.Root>
>(function Progress({ className, value, ...props }, ref) {
	const clamped = Math.min(100, Math.max(0, value ?? 0))
	return (
		<ProgressPrimitive.Root
			ref={ref}
			value={clamped}
			className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
			{...props}
		>
			<ProgressPrimitive.Indicator
				className="h-full w-full flex-1 bg-primary transition-all"
				style={{ transform: `translateX(-${100 - clamped}%)` }}
			/>
		</ProgressPrimitive.Root>
	)
})
