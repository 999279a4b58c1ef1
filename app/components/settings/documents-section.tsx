import { useSubmit } from '@remix-run/react'
import { FileText, Plus } from 'lucide-react'
import { useState } from 'react'
import { AddDocumentDialog } from '#app/components/documents/add-document-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { TableCell, TableRow } from '#app/components/ui/table.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { INTENTS } from '#app/schemas/settings-intents.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { DeleteRowForm } from './delete-row-form.tsx'
import { formatDate } from './format-date.ts'
import { useIsSubmitting } from './settings-form-hooks.ts'
import { SettingsTable } from './settings-table.tsx'

export type DocumentRow = { id: string; name: string; preview: string; truncated: boolean; createdAt: string }

export function DocumentsSection({ documents, canManage }: { documents: DocumentRow[]; canManage: boolean }) {
	const [open, setOpen] = useState(false)
	const submit = useSubmit()
	const isAdding = useIsSubmitting(INTENTS.addDocument)
	const hydrated = useHydrated()
	return (
		<SectionCard
			title="Documents"
			description="Product sheets, case studies and pitch decks the assistant may draw on."
			action={
				canManage ? (
					// Reading a PDF happens in the dialog, which needs JavaScript; <noscript> offers pasting instead.
					<Button
						type="button"
						variant="outline"
						onClick={() => setOpen(true)}
						disabled={!hydrated || isAdding}
					>
						<Plus aria-hidden="true" />
						{isAdding ? 'Adding…' : 'Add Document'}
					</Button>
				) : null
			}
			contentClassName="flex flex-col gap-4"
		>
			<SettingsTable
				label="Documents"
				columns={['Name', 'Content', { label: 'Created', className: 'whitespace-nowrap' }]}
				rows={documents}
				withActions={canManage}
				empty="No documents yet."
				renderRow={(document) => (
					<TableRow key={document.id}>
						<TableCell className="min-w-[9rem] max-w-0 font-medium">
							<span className="flex items-center gap-2">
								<FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
								<span className="truncate" title={document.name}>
									{document.name}
								</span>
							</span>
						</TableCell>
						<TableCell className="max-w-xs text-muted-foreground">
							<span className="line-clamp-2 break-words" data-wrap>
								{document.preview}
								{document.truncated ? '…' : ''}
							</span>
						</TableCell>
						<TableCell className="whitespace-nowrap text-muted-foreground">
							{formatDate(document.createdAt)}
						</TableCell>
						{canManage ? (
							<TableCell>
								<DeleteRowForm
									intent={INTENTS.deleteDocument}
									target={{ name: 'documentId', value: document.id }}
									label={`Delete ${document.name}`}
									confirm={{
										title: 'Delete document?',
										message: `"${document.name}" will no longer be used by the assistant. This cannot be undone.`,
										confirmLabel: 'Delete',
									}}
								/>
							</TableCell>
						) : null}
					</TableRow>
				)}
			/>
			{canManage ? (
				<>
					<noscript>
						<NoScriptDocumentForm />
					</noscript>
					<AddDocumentDialog
						open={open}
						onOpenChange={setOpen}
						onAdd={({ name, content }) => {
							submit({ intent: INTENTS.addDocument, name, content }, { method: 'post' })
							setOpen(false)
						}}
					/>
				</>
			) : null}
		</SectionCard>
	)
}

/** Without JavaScript the PDF cannot be read in the browser, so its text can be pasted instead. */
function NoScriptDocumentForm() {
	return (
		<div className="flex flex-col gap-3 rounded-md border border-dashed p-4">
			<p className="text-sm text-muted-foreground">
				Reading a PDF needs JavaScript. Without it, paste the document&apos;s text here.
			</p>
			<form method="post" className="flex flex-col gap-3">
				<input type="hidden" name="intent" value={INTENTS.addDocument} />
				<div className="flex flex-col gap-2">
					<Label htmlFor="noscript-document-name">Document name</Label>
					<Input id="noscript-document-name" name="name" required maxLength={200} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor="noscript-document-content">Document text</Label>
					<Textarea id="noscript-document-content" name="content" required rows={6} />
				</div>
				<div className="flex justify-end">
					<Button type="submit">Add</Button>
				</div>
			</form>
		</div>
	)
}
