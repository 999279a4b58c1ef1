import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from '@remix-run/react'
import { getActor } from '#app/models/session/auth.server.ts'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { Toaster, useToast } from './components/toaster.tsx'
import tailwindHref from './styles/tailwind.css?url'
// The toasts' stylesheet as a file: sonner's own <style> has no nonce (scripts/vite/sonner-stylesheet.ts).
import sonnerHref from 'sonner/dist/styles.css?url'
import { getPublicEnv } from './utils/env.server.ts'
import { BrowserCspPrelude, shareNonceWithStyleInjectors } from './utils/browser-csp.tsx'
import { useNonce } from './utils/nonce-provider.tsx'
import { getToast } from './utils/toast.server.ts'
import { type Toast } from './utils/toast.ts'

export const links: LinksFunction = () => [
	// public/: the SVG for browsers that take it, /favicon.ico for those that ask for it anyway.
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
	{ rel: 'stylesheet', href: tailwindHref },
	{ rel: 'stylesheet', href: sonnerHref },
]

shareNonceWithStyleInjectors()

export async function loader({ request }: LoaderFunctionArgs) {
	const [{ toast, headers }, actor] = await Promise.all([getToast(request), getActor(request)])
	return data(
		{
			toast,
			ENV: getPublicEnv(),
			// The session id stays on the server: the browser gets who, not how.
			actor: actor
				? {
						userId: actor.userId,
						email: actor.email,
						name: actor.name,
						organizationId: actor.organizationId,
						role: actor.role,
						isPlatformAdmin: actor.isPlatformAdmin,
					}
				: null,
		},
		{ headers: headers ?? undefined },
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<BrowserCspPrelude nonce={nonce} />
				<Meta />
				<Links />
			</head>
			<body>
				{children}
				<Toaster />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const { toast } = useLoaderData<typeof loader>()
	useToast(toast)
	return (
		<>
			<NoScriptToast toast={toast} />
			<Outlet />
		</>
	)
}

/** Without JavaScript sonner never runs, so the server renders the flash message itself. */
function NoScriptToast({ toast }: { toast: Toast | null }) {
	if (!toast) return null
	return (
		<noscript>
			<div
				role={toast.type === 'error' ? 'alert' : 'status'}
				className={
					toast.type === 'error'
						? 'border-b border-red-200 bg-red-50 px-4 py-3 text-center text-sm text-red-900'
						: 'border-b border-emerald-200 bg-emerald-50 px-4 py-3 text-center text-sm text-emerald-900'
				}
			>
				<strong className="font-medium">{toast.title}</strong>
				{toast.description ? <span> {toast.description}</span> : null}
			</div>
		</noscript>
	)
}

export const meta: MetaFunction = () => [{ title: 'Reachout' }]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
