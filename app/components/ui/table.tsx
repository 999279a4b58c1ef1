import * as React from 'react'
import { cn } from '#app/utils/misc.ts'

export const Table = React.forwardRef<HTMLTableElement, React.HTMLAttributes<HTMLTableElement>>(
	function Table({ className, ...props }, ref) {
		return (
			<div className="relative w-full overflow-auto">
				<table ref={ref} className={cn('w-full caption-bottom text-sm', className)} {...props} />
			</div>
		)
	},
)

export const TableHeader = React.forwardRef<
	HTMLTableSectionElement,
	React.HTMLAttributes<HTMLTableSectionElement>
>(function TableHeader({ className, ...props }, ref) {
	return <thead ref={ref} className={cn('[&_tr]:border-b', className)} {...props} />
})

export const TableBody = React.forwardRef<
	HTMLTableSectionElement,
	React.HTMLAttributes<HTMLTableSectionElement>
>(function TableBody({ className, ...props }, ref) {
	return <tbody ref={ref} className={cn('[&_tr:last-child]:border-0', className)} {...props} />
})

export const TableFooter = React.forwardRef<
	HTMLTableSectionElement,
	React.HTMLAttributes<HTMLTableSectionElement>
>(function TableFooter({ className, ...props }, ref) {
	return (
		<tfoot
			ref={ref}
			className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
			{...props}
		/>
	)
})

export const TableRow = React.forwardRef<HTMLTableRowElement, React.HTMLAttributes<HTMLTableRowElement>>(
	function TableRow({ className, ...props }, ref) {
		return (
			<tr
				ref={ref}
				className={cn(
					'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
					className,
				)}
				{...props}
			/>
		)
	},
)

/**
 * Column priorities (decision 046): a `low` column shows from 1280 px wide, a `lowest` one from
 * 1536 px, so a table keeps its important columns readable on 1280 and 1024 px screens. Head and
 * cells take the same value. A compact column (status, number, date) takes `w-px` on its head:
 * it keeps its content's width and leaves the rest to the columns of text.
 */
export type ColumnPriority = 'low' | 'lowest'

function priorityClass(priority: ColumnPriority | undefined) {
	if (priority === 'low') return 'hidden xl:table-cell'
	if (priority === 'lowest') return 'hidden 2xl:table-cell'
	return undefined
}

type HeadProps = React.ThHTMLAttributes<HTMLTableCellElement> & { priority?: ColumnPriority }
type CellProps = React.TdHTMLAttributes<HTMLTableCellElement> & { priority?: ColumnPriority }

export const TableHead = React.forwardRef<HTMLTableCellElement, HeadProps>(function TableHead(
	{ className, priority, ...props },
	ref,
) {
	// Headings never wrap: a narrow column cuts its text, not its heading.
	return (
		<th
			ref={ref}
			className={cn(
				'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground [&:has([role=checkbox])]:pr-0',
				priorityClass(priority),
				className,
			)}
			{...props}
		/>
	)
})

export const TableCell = React.forwardRef<HTMLTableCellElement, CellProps>(function TableCell(
	{ className, priority, ...props },
	ref,
) {
	return (
		<td
			ref={ref}
			className={cn('p-3 align-middle [&:has([role=checkbox])]:pr-0', priorityClass(priority), className)}
			{...props}
		/>
	)
})

/**
 * A cell whose text keeps to one line, cut with an ellipsis and whole in its tooltip. `max-w-0`
 * lets the column shrink to what the table has left (shared in proportion to the texts' lengths),
 * and `min-w-*` keeps enough to read; pass a wider minimum for names that matter.
 */
export const TruncatedCell = React.forwardRef<
	HTMLTableCellElement,
	CellProps & { text: string | null | undefined; children?: React.ReactNode }
>(function TruncatedCell({ className, text, children, ...props }, ref) {
	return (
		<TableCell ref={ref} className={cn('min-w-[7rem] max-w-0', className)} {...props}>
			<span className="block truncate" title={text ?? undefined}>
				{children ?? text}
			</span>
		</TableCell>
	)
})

export const TableCaption = React.forwardRef<
	HTMLTableCaptionElement,
	React.HTMLAttributes<HTMLTableCaptionElement>
>(function TableCaption({ className, ...props }, ref) {
	return <caption ref={ref} className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
})
