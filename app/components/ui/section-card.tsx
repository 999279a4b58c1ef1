import type * as React from 'react'
import { cn } from '#app/utils/misc.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card.tsx'

/**
 * The one card of a settings-like page section: a title, what the section is for, an optional
 * action beside the title (a button), and the body.
 */
export function SectionCard({
	title,
	description,
	action,
	children,
	contentClassName,
}: {
	title: React.ReactNode
	description: React.ReactNode
	/** Shown at the header's right, e.g. an "Add" button. */
	action?: React.ReactNode
	children: React.ReactNode
	contentClassName?: string
}) {
	const heading = (
		<>
			<CardTitle>{title}</CardTitle>
			<CardDescription>{description}</CardDescription>
		</>
	)
	return (
		<Card>
			{action ? (
				<CardHeader className="flex flex-row items-start justify-between gap-4 space-y-0">
					<div className="flex flex-col gap-1.5">{heading}</div>
					{action}
				</CardHeader>
			) : (
				<CardHeader>{heading}</CardHeader>
			)}
			<CardContent className={cn(contentClassName)}>{children}</CardContent>
		</Card>
	)
}
