import { type Page } from '@playwright/test'

// What "a table fits" means, measured in the browser on element boxes: the page does not scroll
// sideways, no table scrolls sideways inside its box, every clipped text shows an ellipsis and
// carries its full text in a `title`, no text spills out of its cell, and no cell's text wraps
// onto a second line (an element marked `data-wrap` may, on purpose).

export type FitProblem = string

/** The problems of every visible table on the page (an empty list when everything fits). */
export async function tableFitProblems(page: Page): Promise<FitProblem[]> {
	return page.evaluate(() => {
		const problems: string[] = []
		const root = document.documentElement
		if (root.scrollWidth > root.clientWidth + 1)
			problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`)
		const visible = (element: Element) => element.getClientRects().length > 0
		const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)
		const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible'

		for (const table of Array.from(document.querySelectorAll('table'))) {
			if (!visible(table)) continue
			const name = table.getAttribute('aria-label') ?? 'a table'
			for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
				if (clips(box) && box.scrollWidth > box.clientWidth + 1)
					problems.push(`${name}: scrolls sideways in its box (${box.scrollWidth} > ${box.clientWidth})`)
			}
			if (table.getBoundingClientRect().right > root.clientWidth + 1)
				problems.push(`${name}: runs past the window's right edge`)

			for (const cell of Array.from(table.querySelectorAll('th, td'))) {
				if (!visible(cell)) continue
				const cellBox = cell.getBoundingClientRect()
				const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
				for (let node = walker.nextNode(); node; node = walker.nextNode()) {
					const text = node.textContent?.trim() ?? ''
					const parent = node.parentElement
					if (!text || !parent || !visible(parent) || parent.closest('.sr-only')) continue
					const range = document.createRange()
					range.selectNodeContents(node)
					const lines = new Set(
						Array.from(range.getClientRects())
							.filter((rect) => rect.width > 0)
							.map((rect) => Math.round(rect.top)),
					)
					if (lines.size > 1 && !parent.closest('[data-wrap]'))
						problems.push(`${name}: "${short(text)}" wraps onto ${lines.size} lines`)
					// The nearest element inside the cell (or the cell) that clips this text.
					let clipper: Element | null = null
					for (let element: Element | null = parent; element; element = element.parentElement) {
						if (clips(element)) {
							clipper = element
							break
						}
						if (element === cell) break
					}
					if (clipper && clipper.scrollWidth > clipper.clientWidth + 1) {
						const style = getComputedStyle(clipper)
						const full = clipper.closest('[title]')?.getAttribute('title') ?? ''
						if (style.textOverflow !== 'ellipsis')
							problems.push(`${name}: "${short(text)}" is cut without an ellipsis`)
						else if (!full.includes(text))
							problems.push(`${name}: "${short(text)}" is cut and has no title with its full text`)
					}
					const textBox = (clipper ?? range).getBoundingClientRect()
					if (textBox.right > cellBox.right + 1 || textBox.left < cellBox.left - 1)
						problems.push(`${name}: "${short(text)}" spills out of its cell`)
				}
			}
		}
		return problems
	})
}

/** The column headings a user sees (hidden columns left out). */
export async function visibleHeadings(page: Page, tableName: string) {
	return page
		.getByRole('table', { name: tableName })
		.locator('thead th')
		.evaluateAll((cells) =>
			cells
				.filter((cell) => cell.getClientRects().length > 0)
				.map((cell) => {
					const copy = cell.cloneNode(true) as Element
					for (const hidden of Array.from(copy.querySelectorAll('.sr-only'))) hidden.remove()
					return copy.textContent?.trim() ?? ''
				}),
		)
}
