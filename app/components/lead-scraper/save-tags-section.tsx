import { useSearchParams } from '@remix-run/react'
import { TagChoiceTable, type TagChoice } from '#app/components/tags/tag-choice-table.tsx'
import { TagPageLinks } from '#app/components/tags/tag-page-links.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { LEAD_REVIEW_FIELDS } from '#app/schemas/lead-review.ts'

export const TAG_SEARCH_FORM_ID = 'lead-review-tag-search'
export const TAG_CREATE_FORM_ID = 'lead-review-tag-create'

type TagsPage = { items: Array<Omit<TagChoice, 'holdsAll'>>; search: string; page: number; lastPage: number }

/**
 * Add contacts to tags without JavaScript: inside the save form, the tags as checkboxes
 * (`tagId`), 15 a page, with a tag search and inline creation that post their own forms
 * (TagSideForms, outside the save form; the inputs here join them by their `form` attribute).
 */
export function SaveTagsSection({ tags }: { tags: TagsPage }) {
	return (
		<section aria-labelledby="save-tags-heading" className="space-y-3">
			<div>
				<h2 id="save-tags-heading" className="text-base font-semibold">
					Add contacts to tags
				</h2>
				<p className="text-sm text-muted-foreground">
					Choose tags for the new contacts, or none, then save the leads you checked above.
				</p>
			</div>
			<div className="flex flex-wrap gap-2">
				<Input
					type="search"
					name="tagSearch"
					form={TAG_SEARCH_FORM_ID}
					defaultValue={tags.search}
					aria-label="Search tags"
					placeholder="Search tags..."
					className="h-9 max-w-xs"
				/>
				<Button type="submit" form={TAG_SEARCH_FORM_ID} size="sm" variant="outline">
					Search tags
				</Button>
				<Input
					name="name"
					form={TAG_CREATE_FORM_ID}
					aria-label="New tag name"
					placeholder="New tag name"
					maxLength={100}
					className="h-9 max-w-xs"
				/>
				<Button
					type="submit"
					form={TAG_CREATE_FORM_ID}
					name="intent"
					value="create-tag"
					size="sm"
					variant="outline"
				>
					Create tag
				</Button>
			</div>
			<TagChoiceTable
				tags={tags.items.map((tag) => ({ ...tag, holdsAll: false }))}
				checkbox={(tag) => ({ name: LEAD_REVIEW_FIELDS.tagId, value: tag.id })}
			/>
			{tags.lastPage > 1 ? <TagPageLinks page={tags.page} lastPage={tags.lastPage} /> : null}
		</section>
	)
}

/** The tag search (GET, keeping the leads' search and page) and tag creation (POST) forms. */
export function TagSideForms() {
	const [searchParams] = useSearchParams()
	const kept = [...searchParams].filter(([key]) => key !== 'tagSearch' && key !== 'tagPage')
	return (
		<>
			<form id={TAG_SEARCH_FORM_ID} method="get">
				{kept.map(([key, value], index) => (
					<input key={`${key}-${index}`} type="hidden" name={key} value={value} />
				))}
			</form>
			<form id={TAG_CREATE_FORM_ID} method="post" />
		</>
	)
}
