import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

type SeparatorProps = React.HTMLAttributes<HTMLDivElement> & {
	orientation?: 'horizontal' | 'vertical'
	/** Purely visual by default; set false when the separator carries meaning. */
	decorative?: boolean
}

export function Separator({
	className,
	orientation = 'horizontal',
	decorative = true,
	...props
}: SeparatorProps) {
	return (
		<div
			role={decorative ? 'none' : 'separator'}
			aria-orientation={decorative ? undefined : orientation}
			className={cn(
				'shrink-0 bg-border',
				orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
				className,
			)}
			{...props}
		/>
	)
}
