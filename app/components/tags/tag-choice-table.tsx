import { type ComponentProps } from 'react'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'

// The spec: 8 skeleton rows, table 320 px.
const SKELETON_ROWS = 8

export type TagChoice = {
	id: string
	name: string
	contactCount?: number
	/** Every selected contact already has the tag: it reads Added and cannot be chosen. */
	holdsAll: boolean
}

/**
 * The Add-tags table (checkbox, Name, Contacts) of the dialog and of its no-JavaScript page:
 * skeleton rows while `tags` is null, "Failed to load tags", "No tags found", then a row a tag
 * with the checkbox the caller wires (`checkbox`).
 */
export function TagChoiceTable({
	tags,
	failed = false,
	checkbox,
	isChosen,
}: {
	/** The page of tags, or null while it loads. */
	tags: TagChoice[] | null
	failed?: boolean
	checkbox: (tag: TagChoice) => Omit<ComponentProps<typeof Checkbox>, 'aria-label'>
	isChosen?: (tag: TagChoice) => boolean
}) {
	return (
		<div className="h-[320px] overflow-y-auto rounded-md border">
			<Table aria-label="Tags" aria-busy={tags === null}>
				<TableHeader className="sticky top-0 bg-background">
					<TableRow>
						<TableHead className="w-10">
							<span className="sr-only">Select</span>
						</TableHead>
						<TableHead>Name</TableHead>
						<TableHead className="w-28 text-right">Contacts</TableHead>
					</TableRow>
				</TableHeader>
				<TableBody>
					{tags === null && !failed
						? Array.from({ length: SKELETON_ROWS }, (_, index) => (
								<TableRow key={index} data-skeleton>
									<TableCell>
										<Skeleton className="h-4 w-4" />
									</TableCell>
									<TableCell>
										<Skeleton className="h-4 w-40" />
									</TableCell>
									<TableCell>
										<Skeleton className="ml-auto h-4 w-10" />
									</TableCell>
								</TableRow>
							))
						: null}
					{failed ? <MessageRow className="text-destructive">Failed to load tags</MessageRow> : null}
					{tags && tags.length === 0 ? (
						<MessageRow className="text-muted-foreground">No tags found</MessageRow>
					) : null}
					{tags?.map((tag) => (
						<TableRow key={tag.id} data-state={isChosen?.(tag) ? 'selected' : undefined}>
							<TableCell>
								<Checkbox aria-label={`Select tag ${tag.name}`} {...checkbox(tag)} />
							</TableCell>
							<TableCell className="max-w-0 truncate font-medium" title={tag.name}>
								{tag.name}
								{tag.holdsAll ? (
									<span className="ml-2 text-xs font-normal text-muted-foreground">Added</span>
								) : null}
							</TableCell>
							<TableCell className="text-right tabular-nums">
								{(tag.contactCount ?? 0).toLocaleString('en-US')}
							</TableCell>
						</TableRow>
					))}
				</TableBody>
			</Table>
		</div>
	)
}

function MessageRow({ className, children }: { className: string; children: string }) {
	return (
		<TableRow>
			<TableCell colSpan={3} className={`h-24 text-center ${className}`}>
				{children}
			</TableCell>
		</TableRow>
	)
}
