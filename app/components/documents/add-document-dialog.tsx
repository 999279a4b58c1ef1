import { FileUp, LoaderCircle } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { QueueableProgress } from '#app/components/queueable/queueable-progress.tsx'
import { queueableApiUrl, useQueueable } from '#app/components/queueable/use-queueable.ts'
import { Button } from '#app/components/ui/button.tsx'
import { DialogFooter } from '#app/components/ui/dialog.tsx'
import { DialogCancelButton, DialogShell, type DialogOpenProps } from '#app/components/ui/dialog-shell.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { checkPdfFile, isDocumentParseResult, PDF_MAX_PAGES } from '#app/schemas/document-upload.ts'
import { DOCUMENT_NAME_MAX_LENGTH } from '#app/schemas/organization.ts'
import { ApiError, apiRequest, isAbortError } from '#app/utils/api-client.ts'
import { cn } from '#app/utils/misc.ts'

const PARSE_URL = '/resources/documents/parse'
const UPLOAD_FAILED_MESSAGE = 'Upload failed, please try again'

export type AddDocumentDialogProps = DialogOpenProps & {
	/** Called with the reviewed text; the caller saves it (the dialog closes through onOpenChange). */
	onAdd: (document: { name: string; content: string }) => void
}

type Step =
	| { kind: 'choose'; error: string | null }
	| { kind: 'uploading'; fileName: string }
	| { kind: 'parsing'; fileName: string; queueableId: string }

/**
 * Add Document: pick or drop a PDF, watch the server parse it (live progress
 * over Server-Sent Events), review the extracted text, then Add. Errors are
 * shown by their message (the spec's "PDF has no pages", "PDF has more than 15 pages").
 */
export function AddDocumentDialog({ open, onOpenChange, onAdd }: AddDocumentDialogProps) {
	return (
		<DialogShell
			open={open}
			onOpenChange={onOpenChange}
			title="Add Document"
			description={`Upload a PDF (at most ${PDF_MAX_PAGES} pages). Its text helps the assistant write about your organization.`}
			className="max-w-2xl"
		>
			{/* Mounted only while open, so every opening starts from a clean state. */}
			{open ? <AddDocumentFlow onAdd={onAdd} /> : null}
		</DialogShell>
	)
}

function AddDocumentFlow({ onAdd }: { onAdd: AddDocumentDialogProps['onAdd'] }) {
	const [step, setStep] = useState<Step>({ kind: 'choose', error: null })
	const uploadAbort = useRef<AbortController | null>(null)
	const queueableId = step.kind === 'parsing' ? step.queueableId : null
	const { queueable, error: followError } = useQueueable(queueableId)

	// A job still running when the dialog goes away is cancelled, so it does not parse for nobody.
	const running = useRef<string | null>(null)
	running.current =
		queueableId && (!queueable || queueable.status === 'PENDING' || queueable.status === 'PROCESSING')
			? queueableId
			: null
	useEffect(
		() => () => {
			uploadAbort.current?.abort()
			if (running.current) void sendAction(running.current, 'cancel')
		},
		[],
	)

	async function upload(file: File) {
		const problem = checkPdfFile(file)
		if (problem) return setStep({ kind: 'choose', error: problem })
		setStep({ kind: 'uploading', fileName: file.name })
		const form = new FormData()
		form.append('file', file)
		uploadAbort.current = new AbortController()
		try {
			const body = await apiRequest<{ queueableId?: string } | null>(PARSE_URL, {
				method: 'POST',
				body: form,
				signal: uploadAbort.current.signal,
				fallbackMessage: UPLOAD_FAILED_MESSAGE,
			})
			if (!body?.queueableId) return setStep({ kind: 'choose', error: UPLOAD_FAILED_MESSAGE })
			setStep({ kind: 'parsing', fileName: file.name, queueableId: body.queueableId })
		} catch (error) {
			if (isAbortError(error)) return
			const offline = !(error instanceof ApiError) || error.status === 0
			setStep({
				kind: 'choose',
				error: offline ? 'Upload failed, please check your connection and try again' : error.message,
			})
		}
	}

	function startOver(error: string | null = null) {
		if (running.current) void sendAction(running.current, 'cancel')
		setStep({ kind: 'choose', error })
	}

	if (step.kind === 'choose' || step.kind === 'uploading') {
		return (
			<>
				<PdfDropZone busy={step.kind === 'uploading'} onFile={upload} />
				{step.kind === 'uploading' ? (
					<p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
						<LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
						Uploading {step.fileName}…
					</p>
				) : null}
				{step.kind === 'choose' && step.error ? <ErrorMessage message={step.error} /> : null}
				<DialogFooter>
					<DialogCancelButton />
				</DialogFooter>
			</>
		)
	}

	const result =
		queueable &&
		(queueable.status === 'COMPLETED' || queueable.status === 'FINISHED') &&
		isDocumentParseResult(queueable.result)
			? queueable.result
			: null
	if (result) {
		return (
			<DocumentPreview
				key={queueable!.id}
				progress={<QueueableProgress queueable={queueable} label={`Parsing ${step.fileName}`} />}
				initialName={result.name}
				initialContent={result.content}
				pages={result.pages}
				onAdd={(document) => {
					void sendAction(queueable!.id, 'finalize')
					onAdd(document)
				}}
				onChooseAnother={() => startOver()}
			/>
		)
	}

	const failed = queueable?.status === 'FAILED'
	const message = followError ?? (failed ? (queueable.failureReason ?? 'The PDF could not be read') : null)
	return (
		<>
			<div className="flex flex-col gap-3 rounded-md border p-4">
				<p className="truncate text-sm font-medium">{step.fileName}</p>
				<QueueableProgress queueable={queueable} label={`Parsing ${step.fileName}`} />
			</div>
			{message ? <ErrorMessage message={message} /> : null}
			<DialogFooter>
				{message ? (
					<Button type="button" variant="outline" onClick={() => startOver()}>
						Choose another file
					</Button>
				) : null}
				<DialogCancelButton />
			</DialogFooter>
		</>
	)
}

function PdfDropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
	const inputId = useId()
	const inputRef = useRef<HTMLInputElement>(null)
	const [dragging, setDragging] = useState(false)

	function take(files: FileList | null | undefined) {
		const file = files?.[0]
		if (file && !busy) onFile(file)
	}

	return (
		<div
			className={cn(
				'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
				dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
				busy && 'opacity-60',
			)}
			onDragEnter={(event) => {
				event.preventDefault()
				setDragging(true)
			}}
			onDragOver={(event) => {
				event.preventDefault()
				event.dataTransfer.dropEffect = busy ? 'none' : 'copy'
			}}
			onDragLeave={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
			}}
			onDrop={(event) => {
				event.preventDefault()
				setDragging(false)
				take(event.dataTransfer.files)
			}}
		>
			<FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
			<p className="text-sm text-muted-foreground">Drag and drop a PDF here, or</p>
			<Button type="button" variant="secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
				Choose PDF
			</Button>
			<label htmlFor={inputId} className="sr-only">
				PDF file
			</label>
			<input
				ref={inputRef}
				id={inputId}
				type="file"
				accept="application/pdf,.pdf"
				className="sr-only"
				tabIndex={-1}
				disabled={busy}
				onChange={(event) => {
					take(event.currentTarget.files)
					// The same file may be picked again after an error.
					event.currentTarget.value = ''
				}}
			/>
		</div>
	)
}

function DocumentPreview({
	progress,
	initialName,
	initialContent,
	pages,
	onAdd,
	onChooseAnother,
}: {
	progress: ReactNode
	initialName: string
	initialContent: string
	pages: number
	onAdd: AddDocumentDialogProps['onAdd']
	onChooseAnother: () => void
}) {
	const nameId = useId()
	const contentId = useId()
	const [name, setName] = useState(initialName)
	const [content, setContent] = useState(initialContent)
	const canAdd = content.trim().length > 0
	return (
		<form
			className="flex flex-col gap-4"
			onSubmit={(event) => {
				event.preventDefault()
				if (!canAdd) return
				onAdd({ name: name.trim() || initialName || 'Document', content })
			}}
		>
			{progress}
			<div className="flex flex-col gap-2">
				<Label htmlFor={nameId}>Name</Label>
				<Input
					id={nameId}
					value={name}
					maxLength={DOCUMENT_NAME_MAX_LENGTH}
					onChange={(event) => setName(event.target.value)}
				/>
			</div>
			<div className="flex flex-col gap-2">
				<div className="flex items-baseline justify-between gap-2">
					<Label htmlFor={contentId}>Content</Label>
					<span className="text-xs text-muted-foreground">
						{pages} {pages === 1 ? 'page' : 'pages'}
					</span>
				</div>
				<Textarea
					id={contentId}
					value={content}
					rows={12}
					className="max-h-80 font-mono text-xs"
					onChange={(event) => setContent(event.target.value)}
				/>
				{initialContent.trim() ? null : (
					<p className="text-sm text-muted-foreground">
						No text was found in this PDF (a scanned document has none). Type or paste it here.
					</p>
				)}
			</div>
			<DialogFooter>
				<Button type="button" variant="ghost" onClick={onChooseAnother}>
					Choose another file
				</Button>
				<DialogCancelButton />
				<Button type="submit" disabled={!canAdd}>
					Add
				</Button>
			</DialogFooter>
		</form>
	)
}

function ErrorMessage({ message }: { message: string }) {
	return (
		<p
			role="alert"
			className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive"
		>
			{message}
		</p>
	)
}

async function sendAction(id: string, action: 'cancel' | 'finalize') {
	try {
		await apiRequest(queueableApiUrl(id), { method: 'PUT', body: { action }, keepalive: true })
	} catch {
		// Best effort: an unfinalized job only stays listed as completed.
	}
}
