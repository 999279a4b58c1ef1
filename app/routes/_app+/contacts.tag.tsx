import {
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { TagChoiceTable } from '#app/components/tags/tag-choice-table.tsx'
import { TagPageLinks } from '#app/components/tags/tag-page-links.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import {
	addContactsToTag,
	createTag,
	findTags,
	listTags,
	tagCoverage,
	type TagWithCount,
} from '#app/models/tag/tag.server.ts'
import {
	contactFilterFromSearchParams,
	contactFilterToSearchParams,
	type ContactFilter,
	type ContactSelection,
} from '#app/schemas/contact-filter.ts'
import { CreateTagSchema, TAG_DIALOG_PAGE_SIZE } from '#app/schemas/tag.ts'
import { requireActor } from '#app/models/session/auth.server.ts'
import { pageCount, pageWindow, parsePage } from '#app/utils/pagination.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

// The Add-tags dialog without JavaScript: /contacts/tag?ids=a&ids=b (or selection=all plus the
// contacts filter — search, tags, campaign, list — and excludeIds) lists the tags 15 a page
// with checkboxes; saving adds the chosen tags and returns to the contacts table.
// tagSearch and tagPage page through the tags without touching the contacts filter; `checked`
// names the tags ticked when the page loads (a tag just created, and those ticked before Create).

const MAX_IDS = 10_000
const MAX_CHECKED = 100

function readTarget(params: URLSearchParams) {
	const filter = contactFilterFromSearchParams(params)
	const ids = [
		...new Set(
			params
				.getAll('ids')
				.flatMap((value) => value.split(','))
				.filter(Boolean),
		),
	]
	const excludeIds = params.getAll('excludeIds').filter(Boolean).slice(0, MAX_IDS)
	const selection: ContactSelection | null =
		params.get('selection') === 'all' ? 'all' : ids.length ? ids.slice(0, MAX_IDS) : null
	return { filter, selection, excludeIds: selection === 'all' ? excludeIds : [] }
}

function contactsHref(filter: ContactFilter) {
	const query = contactFilterToSearchParams(filter).toString()
	return query ? `/contacts?${query}` : '/contacts'
}

/** This page's address with `checked` naming these tags (the loader keeps the organization's). */
function withChecked(url: URL, tagIds: string[]) {
	const params = new URLSearchParams(url.searchParams)
	params.delete('checked')
	for (const tagId of new Set(tagIds)) params.append('checked', tagId)
	const query = params.toString()
	return query ? `${url.pathname}?${query}` : url.pathname
}

export async function loader({ request }: LoaderFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const { filter, selection, excludeIds } = readTarget(url.searchParams)
	const tagSearch = url.searchParams.get('tagSearch')?.trim().slice(0, 200) ?? ''
	const tagPage = parsePage(url.searchParams.get('tagPage'))
	const [{ tags, total }, checked] = await Promise.all([
		listTags(actor.organizationId, {
			...pageWindow(tagPage, TAG_DIALOG_PAGE_SIZE),
			search: tagSearch || undefined,
		}),
		findTags(actor.organizationId, url.searchParams.getAll('checked').slice(0, MAX_CHECKED)),
	])
	const coverage = selection
		? await tagCoverage(
				actor.organizationId,
				tags.map((tag) => tag.id),
				{ selection, filter, excludeIds },
			)
		: { selectedCount: 0, counts: {} as Record<string, number> }
	return {
		selectionMode: selection === 'all' ? ('all' as const) : ('ids' as const),
		selectedCount: coverage.selectedCount,
		tags: (tags as TagWithCount[]).map((tag) => ({
			...tag,
			holdsAll: coverage.selectedCount > 0 && (coverage.counts[tag.id] ?? 0) >= coverage.selectedCount,
		})),
		checkedIds: checked.map((tag) => tag.id),
		// Ticked tags this page of the table does not show (another page, outside the search).
		checkedElsewhere: checked.filter((tag) => !tags.some((shown) => shown.id === tag.id)),
		tagSearch,
		tagPage,
		lastPage: pageCount(total, TAG_DIALOG_PAGE_SIZE),
		contactsHref: contactsHref(filter),
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireActor(request)
	const url = new URL(request.url)
	const here = `${url.pathname}${url.search}`
	const formData = await request.formData()
	const { filter, selection, excludeIds } = readTarget(url.searchParams)

	const tagIds = [...new Set(formData.getAll('tagIds').map(String).filter(Boolean))]
	if (formData.get('intent') === 'create') {
		// Create sits in the tags' form, so the ticks made before it come back ticked, with the new tag.
		const parsed = CreateTagSchema.safeParse({ name: formData.get('name') ?? '' })
		if (!parsed.success) {
			const message = parsed.error.issues[0]?.message
			return redirectWithToast(withChecked(url, tagIds), {
				type: 'error',
				title: message ? `Failed to create tag: ${message}` : 'Failed to create tag',
			})
		}
		const { created, tag } = await createTag(actor.organizationId, parsed.data.name)
		return redirectWithToast(withChecked(url, [...tagIds, tag.id]), {
			type: created ? 'success' : 'message',
			title: created ? 'Tag created successfully!' : 'Tag already exists',
		})
	}

	// "Save Contacts without tags" just closes.
	if (!selection || tagIds.length === 0) return redirect(contactsHref(filter))
	for (const tagId of tagIds) {
		const added = await addContactsToTag(actor.organizationId, tagId, { selection, filter, excludeIds })
		if (added === null)
			return redirectWithToast(here, { type: 'error', title: 'Failed to add selected tags' })
	}
	return redirectWithToast(contactsHref(filter), {
		type: 'success',
		title: 'Selected tags added successfully',
	})
}

export default function AddTagsPage() {
	const data = useLoaderData<typeof loader>()
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add'
	const title =
		data.selectionMode === 'all'
			? 'Select tags for all contact(s)'
			: `Select tags for ${data.selectedCount} contact(s)`

	return (
		<div className="mx-auto max-w-2xl">
			<PageHeader
				title={title}
				description={
					data.selectionMode === 'all'
						? `The tags are added to all ${data.selectedCount.toLocaleString('en-US')} contacts matching the current filter.`
						: undefined
				}
			/>
			<TagSearchForm tagSearch={data.tagSearch} />
			{/* One form: Create (first, so Enter in the name field creates) keeps the ticks made so far. */}
			<Form method="post" className="mt-3 space-y-4">
				<div className="flex gap-2">
					<Input
						name="name"
						aria-label="New tag name"
						placeholder="New tag name"
						maxLength={100}
						className="h-9"
					/>
					<Button type="submit" name="intent" value="create" size="sm" variant="outline">
						Create
					</Button>
				</div>
				<TagChoiceTable
					tags={data.tags}
					checkbox={(tag) => ({
						name: 'tagIds',
						value: tag.id,
						defaultChecked: !tag.holdsAll && data.checkedIds.includes(tag.id),
						disabled: tag.holdsAll || data.selectedCount === 0,
					})}
				/>
				{data.checkedElsewhere.length ? (
					<fieldset className="rounded-md border p-3 text-sm">
						<legend className="px-1 font-medium">Also chosen</legend>
						<ul className="flex flex-wrap gap-x-4 gap-y-2">
							{data.checkedElsewhere.map((tag) => (
								<li key={tag.id} className="flex items-center gap-2">
									<Checkbox
										id={`checked-${tag.id}`}
										name="tagIds"
										value={tag.id}
										defaultChecked
										disabled={data.selectedCount === 0}
									/>
									<Label htmlFor={`checked-${tag.id}`}>{tag.name}</Label>
								</li>
							))}
						</ul>
					</fieldset>
				) : null}
				<TagPageLinks page={data.tagPage} lastPage={data.lastPage} />
				<div className="flex justify-end gap-2">
					<Button asChild variant="outline">
						<Link to={data.contactsHref}>Cancel</Link>
					</Button>
					<Button type="submit" name="intent" value="add" disabled={saving || data.selectedCount === 0}>
						{saving ? 'Processing...' : 'Save contacts with tag'}
					</Button>
				</div>
			</Form>
		</div>
	)
}

/** A GET form for the tag search that keeps the contacts selection and filter in the URL. */
function TagSearchForm({ tagSearch }: { tagSearch: string }) {
	const kept = useKeptParams(['tagSearch', 'tagPage'])
	return (
		<Form method="get" className="flex gap-2" role="search">
			{kept.map(([key, value], index) => (
				<input key={`${key}-${index}`} type="hidden" name={key} value={value} />
			))}
			<Input
				type="search"
				name="tagSearch"
				defaultValue={tagSearch}
				aria-label="Search tags"
				placeholder="Search tags..."
				className="h-9"
			/>
			<Button type="submit" size="sm" variant="outline">
				Search
			</Button>
		</Form>
	)
}

function useKeptParams(drop: string[]) {
	const [searchParams] = useSearchParams()
	return [...searchParams].filter(([key]) => !drop.includes(key))
}

export const meta: MetaFunction = () => [{ title: 'Add tags · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
