import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

export const Card = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(function Card(
	{ className, ...props },
	ref,
) {
	return (
		<div
			ref={ref}
			className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)}
			{...props}
		/>
	)
})

export const CardHeader = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(
	function CardHeader({ className, ...props }, ref) {
		return <div ref={ref} className={cn('flex flex-col space-y-1.5 p-6', className)} {...props} />
	},
)

type CardTitleProps = React.HTMLAttributes<HTMLHeadingElement> & {
	/** A card is a section of its page, so its title follows the page's h1; inside a section, 3. */
	level?: 2 | 3 | 4
}

export const CardTitle = React.forwardRef<HTMLHeadingElement, CardTitleProps>(function CardTitle(
	{ className, level = 2, ...props },
	ref,
) {
	const Heading = `h${level}` as const
	return (
		<Heading
			ref={ref}
			className={cn('text-lg font-semibold leading-none tracking-tight', className)}
			{...props}
		/>
	)
})

export const CardDescription = React.forwardRef<
	HTMLParagraphElement,
	React.HTMLAttributes<HTMLParagraphElement>
>(function CardDescription({ className, ...props }, ref) {
	return <p ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />
})

export const CardContent = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(
	function CardContent({ className, ...props }, ref) {
		return <div ref={ref} className={cn('p-6 pt-0', className)} {...props} />
	},
)

export const CardFooter = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(
	function CardFooter({ className, ...props }, ref) {
		return <div ref={ref} className={cn('flex items-center p-6 pt-0', className)} {...props} />
	},
)
