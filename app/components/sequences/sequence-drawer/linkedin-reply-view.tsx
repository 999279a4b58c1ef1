import { ExternalLink } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { type DrawerLinkedInStep } from '#app/schemas/sequence-drawer.ts'

/** The LinkedIn thread when there is one, else the lead's profile. */
export function linkedInConversationUrl(step: DrawerLinkedInStep, profileUrl: string | null) {
	if (step.conversationId) {
		return `https://www.linkedin.com/messaging/thread/${encodeURIComponent(step.conversationId)}/`
	}
	const profile = step.linkedinUrl ?? profileUrl
	return profile && /^https:\/\//i.test(profile) ? profile : 'https://www.linkedin.com/messaging/'
}

/** Shown when the lead answered on LinkedIn: what we sent, their reply, and the way to continue there. */
export function LinkedInReplyView({
	step,
	profileUrl,
}: {
	step: DrawerLinkedInStep
	profileUrl: string | null
}) {
	const sent = step.message ?? step.requestNote
	return (
		<section aria-label="LinkedIn conversation" className="grid gap-3">
			<article
				aria-label="Sent message"
				className="ml-auto grid max-w-[85%] gap-1 rounded-lg border border-primary/20 bg-primary/5 p-3 text-sm"
			>
				<span className="text-xs font-medium text-muted-foreground">You</span>
				<p className="whitespace-pre-line break-words">{sent || 'Connection request'}</p>
			</article>
			<article
				aria-label="Reply"
				className="grid max-w-[85%] gap-1 rounded-lg border bg-muted/40 p-3 text-sm"
			>
				<span className="text-xs font-medium text-muted-foreground">Reply</span>
				<p className="whitespace-pre-line break-words">
					{step.repliedContent || 'The lead replied on LinkedIn.'}
				</p>
			</article>
			<p className="text-sm text-muted-foreground">Please continue this conversation on LinkedIn directly.</p>
			<a
				href={linkedInConversationUrl(step, profileUrl)}
				target="_blank"
				rel="noopener noreferrer"
				className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
			>
				<ExternalLink aria-hidden="true" />
				Continue on LinkedIn
			</a>
		</section>
	)
}
