import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { Check, Copy, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { notify } from '#app/components/toaster.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { InputField } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import {
	API_TOKEN_INTENTS,
	API_TOKEN_NAME_MAX,
	API_TOKEN_SCOPE_LABELS,
	API_TOKEN_SCOPES,
	type ApiTokenScopeName,
	CreateApiTokenSchema,
} from '#app/schemas/api-token.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** What /settings/api-tokens answers a post with; `created` carries the only copy of a new token. */
export type ApiTokensActionData = {
	result?: SubmissionResult<string[]>
	created?: { id: string; name: string; scope: ApiTokenScopeName; token: string }
}

const SCOPE_HINTS: Record<ApiTokenScopeName, string> = {
	READ: 'GET requests only: lists, exports, reports.',
	READ_WRITE: 'Everything you can do in the app, with your role.',
}

/** Name and scope; works without JavaScript (native radios, a plain post). */
export function CreateApiTokenForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === API_TOKEN_INTENTS.create
	const [form, fields] = useForm({
		id: 'create-api-token',
		lastResult,
		constraint: getZodConstraint(CreateApiTokenSchema),
		defaultValue: { scope: 'READ' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			return parseWithZod(formData, { schema: CreateApiTokenSchema })
		},
	})
	return (
		<SectionCard
			title="Create a token"
			description="Name it after what will use it. Choose read unless the script must change data."
		>
			<Form method="post" className="grid gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={API_TOKEN_INTENTS.create} />
				<InputField
					label="Name"
					field={fields.name}
					placeholder="Weekly report script"
					maxLength={API_TOKEN_NAME_MAX}
					autoComplete="off"
					disabled={pending}
				/>
				<fieldset className="grid gap-2" aria-describedby={fields.scope.errorId}>
					<legend className="mb-1 text-sm font-medium">Scope</legend>
					{API_TOKEN_SCOPES.map((scope) => {
						const id = `${fields.scope.id}-${scope}`
						return (
							<div key={scope} className="flex items-start gap-2 text-sm">
								<input
									type="radio"
									id={id}
									name={fields.scope.name}
									value={scope}
									defaultChecked={fields.scope.initialValue === scope}
									aria-describedby={`${id}-hint`}
									className="mt-0.5 h-4 w-4 accent-primary"
									disabled={pending}
								/>
								<div>
									<label htmlFor={id} className="font-medium">
										{API_TOKEN_SCOPE_LABELS[scope]}
									</label>
									<p id={`${id}-hint`} className="text-muted-foreground">
										{SCOPE_HINTS[scope]}
									</p>
								</div>
							</div>
						)
					})}
					<ErrorList id={fields.scope.errorId} errors={fields.scope.errors} />
				</fieldset>
				<ErrorList id={form.errorId} errors={form.errors} />
				<div className="flex justify-end">
					<Button type="submit" disabled={pending}>
						<KeyRound aria-hidden="true" />
						Create token
					</Button>
				</div>
			</Form>
		</SectionCard>
	)
}

/** The new token, once: a read-only field to copy from (and a Copy button with JavaScript). */
export function NewTokenNotice({ created }: { created: NonNullable<ApiTokensActionData['created']> }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	const fieldId = `new-token-${created.id}`
	async function copy() {
		try {
			await navigator.clipboard.writeText(created.token)
			setCopied(true)
		} catch {
			notify({ type: 'error', title: 'Could not copy', description: 'Select the token and copy it yourself.' })
		}
	}
	return (
		<section
			aria-labelledby={`${fieldId}-title`}
			className="grid gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
		>
			<h2 id={`${fieldId}-title`} className="font-semibold">
				Your new token “{created.name}”
			</h2>
			<p className="text-sm">
				Copy it now: this is the only time it is shown. Reachout keeps only a fingerprint of it.
			</p>
			<div className="flex gap-2">
				<label htmlFor={fieldId} className="sr-only">
					New API token
				</label>
				<Input
					id={fieldId}
					readOnly
					value={created.token}
					className="bg-background font-mono text-xs"
					onFocus={(event) => event.currentTarget.select()}
				/>
				{hydrated ? (
					<Button type="button" variant="outline" onClick={copy}>
						{copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
						{copied ? 'Copied' : 'Copy'}
					</Button>
				) : null}
			</div>
		</section>
	)
}
