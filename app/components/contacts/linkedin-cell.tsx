import { TruncatedCell } from '#app/components/ui/table.tsx'
import { linkedinProfileLabel } from '#app/utils/linkedin-url.ts'
import { isWebUrl } from '#app/utils/web-url.ts'

/** A contact's LinkedIn profile in a table: its path as a link that opens the profile in a new tab. */
export function LinkedInCell({ url }: { url: string | null | undefined }) {
	if (!url) return <TruncatedCell text={null} priority="low" />
	const label = linkedinProfileLabel(url)
	return (
		<TruncatedCell text={url} priority="low">
			{isWebUrl(url) ? (
				<a href={url} target="_blank" rel="noreferrer" className="hover:underline">
					{label}
				</a>
			) : (
				label
			)}
		</TruncatedCell>
	)
}
