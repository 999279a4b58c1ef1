import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#app/components/ui/card.tsx'
import { ErrorList } from '#app/components/ui/field-error.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { getActor } from '#app/models/session/auth.server.ts'
import { DevSignInSchema, signInErrorMessage } from '#app/schemas/auth.ts'
import { getPublicEnv } from '#app/utils/env.server.ts'
import { safeRedirectTo } from '#app/utils/redirect.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const rawRedirectTo = url.searchParams.get('redirectTo')
	if (await getActor(request)) throw redirect(safeRedirectTo(rawRedirectTo))
	const env = getPublicEnv()
	const errorCode = url.searchParams.get('error')
	const errorMessage = signInErrorMessage(errorCode)
	return {
		// Only a same-site path survives; anything else falls back to the app's home.
		redirectTo: rawRedirectTo ? safeRedirectTo(rawRedirectTo) : null,
		googleEnabled: env.GOOGLE_SIGN_IN,
		devLoginEnabled: env.DEV_LOGIN,
		error: errorMessage ? { code: errorCode, message: errorMessage } : null,
	}
}

export default function LoginRoute() {
	const { redirectTo, googleEnabled, devLoginEnabled, error } = useLoaderData<typeof loader>()
	const formError = error && error.code !== 'invalid_email' ? error.message : null
	const emailError = error?.code === 'invalid_email' ? error.message : null

	return (
		<main className="flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
			<Card className="w-full max-w-sm">
				<CardHeader className="items-center text-center">
					<span
						aria-hidden
						className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
					>
						R
					</span>
					<h1 className="text-2xl font-semibold tracking-tight">Sign in to Reachout</h1>
					<CardDescription>Your contacts, sequences and campaigns in one place.</CardDescription>
				</CardHeader>
				<CardContent className="flex flex-col gap-6">
					{formError ? (
						<p
							role="alert"
							className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
						>
							{formError}
						</p>
					) : null}
					{googleEnabled ? <GoogleSignInForm redirectTo={redirectTo} /> : null}
					{googleEnabled && devLoginEnabled ? <OrDivider /> : null}
					{devLoginEnabled ? <DevSignInForm redirectTo={redirectTo} serverError={emailError} /> : null}
					{!googleEnabled && !devLoginEnabled ? (
						<p className="text-center text-sm text-muted-foreground">
							Sign-in is not configured on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
						</p>
					) : null}
				</CardContent>
			</Card>
		</main>
	)
}

function GoogleSignInForm({ redirectTo }: { redirectTo: string | null }) {
	// A full page submission: the answer is a redirect to accounts.google.com.
	return (
		<Form method="post" action="/auth/google" reloadDocument>
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<Button type="submit" variant="outline" className="w-full">
				<GoogleLogo />
				Continue with Google
			</Button>
			<p className="mt-2 text-center text-xs text-muted-foreground">
				Reachout asks to read and send email so it can send your sequences from Gmail.
			</p>
		</Form>
	)
}

function DevSignInForm({
	redirectTo,
	serverError,
}: {
	redirectTo: string | null
	serverError: string | null
}) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formAction === '/auth/dev'
	const [form, fields] = useForm({
		id: 'dev-sign-in',
		constraint: getZodConstraint(DevSignInSchema),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate({ formData }) {
			return parseWithZod(formData, { schema: DevSignInSchema })
		},
	})
	const emailErrors = fields.email.errors ?? (serverError ? [serverError] : undefined)

	return (
		<Form method="post" action="/auth/dev" className="flex flex-col gap-3" {...getFormProps(form)}>
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={fields.email.id}>Email</Label>
				{/* type text: the message below is ours, not the browser's. */}
				<Input
					{...getInputProps(fields.email, { type: 'text' })}
					inputMode="email"
					autoComplete="email"
					placeholder="you@company.com"
					aria-invalid={emailErrors?.length ? true : undefined}
					aria-describedby={emailErrors?.length ? fields.email.errorId : undefined}
				/>
				<ErrorList id={fields.email.errorId} errors={emailErrors} />
			</div>
			<Button type="submit" disabled={submitting}>
				{submitting ? 'Signing in…' : 'Sign in with email'}
			</Button>
			<p className="text-center text-xs text-muted-foreground">
				Development sign-in: no password, for local use and tests.
			</p>
		</Form>
	)
}

function OrDivider() {
	return (
		<div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
			<span className="h-px flex-1 bg-border" />
			or
			<span className="h-px flex-1 bg-border" />
		</div>
	)
}

function GoogleLogo() {
	return (
		<svg viewBox="0 0 48 48" aria-hidden="true">
			<path
				fill="#EA4335"
				d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
			/>
			<path
				fill="#4285F4"
				d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
			/>
			<path
				fill="#FBBC05"
				d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
			/>
			<path
				fill="#34A853"
				d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
			/>
		</svg>
	)
}

export const meta: MetaFunction = () => [{ title: 'Sign in · Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
