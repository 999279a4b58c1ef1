import { useId } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { REPLY_INTENT_LABELS, REPLY_INTENTS, type ReplyIntentView } from '#app/schemas/reply-intent.ts'
import { DrawerForm, useDrawer, useDrawerFetcher } from './drawer-context.tsx'

const TONE: Record<
	ReplyIntentView['intent'],
	'default' | 'secondary' | 'warning' | 'destructive' | 'outline'
> = {
	INTERESTED: 'default',
	NOT_NOW: 'secondary',
	REFERRAL: 'secondary',
	OUT_OF_OFFICE: 'outline',
	UNSUBSCRIBE: 'destructive',
	BOUNCE: 'destructive',
	AUTO_REPLY: 'outline',
	NEGATIVE: 'warning',
}

/**
 * Under a reply: what it meant, why, and what the product did about it ("Not now — Asks to wait:
 * “ping me in March”; stopped, it goes on by itself on 2027-03-01"), and a way to say otherwise.
 */
export function ReplyIntentNote({ messageId, intent }: { messageId: string; intent: ReplyIntentView }) {
	const { readOnly } = useDrawer()
	const label = REPLY_INTENT_LABELS[intent.intent]
	return (
		<div aria-label={`Reply intent: ${label}`} role="group" className="grid gap-1 border-t pt-2 text-xs">
			<p className="flex flex-wrap items-center gap-2">
				<Badge variant={TONE[intent.intent]} data-intent={intent.intent}>
					{label}
				</Badge>
				<span className="text-foreground/80">
					{intent.source === 'user' ? 'Corrected by a user' : 'Read from the reply'}
				</span>
			</p>
			{intent.reason ? <p className="text-foreground/80">{intent.reason}</p> : null}
			{readOnly ? null : <CorrectIntent messageId={messageId} current={intent.intent} />}
		</div>
	)
}

function CorrectIntent({ messageId, current }: { messageId: string; current: ReplyIntentView['intent'] }) {
	const id = useId()
	const fetcher = useDrawerFetcher()
	return (
		<details className="group">
			<summary className="w-fit cursor-pointer rounded text-foreground/80 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
				Not right?
			</summary>
			<DrawerForm
				fetcher={fetcher}
				intent="correct-reply-intent"
				className="mt-2 flex flex-wrap items-end gap-2"
			>
				<input type="hidden" name="messageId" value={messageId} />
				<div className="grid gap-1">
					<Label htmlFor={`${id}-intent`} className="text-xs">
						What it meant
					</Label>
					<NativeSelect
						id={`${id}-intent`}
						name="replyIntent"
						defaultValue={current}
						className="h-8 w-48 text-xs"
					>
						{REPLY_INTENTS.map((intent) => (
							<option key={intent} value={intent}>
								{REPLY_INTENT_LABELS[intent]}
							</option>
						))}
					</NativeSelect>
				</div>
				<Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== 'idle'}>
					Save
				</Button>
			</DrawerForm>
		</details>
	)
}
