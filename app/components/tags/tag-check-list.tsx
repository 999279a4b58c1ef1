import { type ReactNode } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { cn } from '#app/utils/misc.ts'
import { type TagOption } from './tags-client.ts'
import { type useInfiniteTags } from './use-infinite-tags.ts'

/**
 * The scrolling "Tags" group of the tag popovers (the contacts filter and the contact form's
 * picker): a checkbox a tag, then "Loading tags...", "No tags found" or "Failed to load tags".
 * `children` follow the rows (the filter's Load more).
 */
export function TagCheckList({
	tags,
	isChecked,
	onToggle,
	className,
	sentinel,
	loading,
	children,
}: {
	tags: Pick<ReturnType<typeof useInfiniteTags>, 'items' | 'status'>
	isChecked: (tagId: string) => boolean
	onToggle: (tag: TagOption, checked: boolean) => void
	/** The height of the scrolling box. */
	className: string
	/** The row that loads the next page when it scrolls into view. */
	sentinel?: { index: number; ref: (node: HTMLLabelElement | null) => void }
	/** Whether "Loading tags..." shows (at least while the first page loads). */
	loading: boolean
	children?: ReactNode
}) {
	return (
		<div data-scroll-root className={cn('overflow-y-auto p-1', className)} role="group" aria-label="Tags">
			{tags.items.map((tag, index) => (
				<label
					key={tag.id}
					ref={index === sentinel?.index ? sentinel.ref : undefined}
					className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
				>
					<Checkbox
						checked={isChecked(tag.id)}
						onChange={(event) => onToggle({ id: tag.id, name: tag.name }, event.target.checked)}
					/>
					<span className="truncate">{tag.name}</span>
				</label>
			))}
			{loading ? <p className="px-2 py-1.5 text-sm text-muted-foreground">Loading tags...</p> : null}
			{tags.status === 'loaded' && tags.items.length === 0 ? (
				<p className="px-2 py-1.5 text-sm text-muted-foreground">No tags found</p>
			) : null}
			{tags.status === 'error' ? (
				<p className="px-2 py-1.5 text-sm text-destructive">Failed to load tags</p>
			) : null}
			{children}
		</div>
	)
}
