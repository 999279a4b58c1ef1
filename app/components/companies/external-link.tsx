import { parseHttpsUrl } from '#app/schemas/company.ts'

/** A company link opens in a new tab only when it is https (the spec's rule); otherwise plain text. */
export function ExternalLink({ href, children }: { href: string; children?: React.ReactNode }) {
	const url = parseHttpsUrl(href)
	const label = children ?? href.replace(/^https:\/\//, '').replace(/\/$/, '')
	if (!url) return <span className="break-all">{label}</span>
	return (
		<a
			href={url.href}
			target="_blank"
			rel="noopener noreferrer"
			className="break-all text-primary hover:underline"
		>
			{label}
		</a>
	)
}
