import { z } from 'zod'
import { ContactBulkFilterSchema, ContactSelectionSchema } from './contact-filter.ts'

export const CAMPAIGN_CHANNELS = ['EMAIL', 'LINKEDIN'] as const
export type CampaignChannelName = (typeof CAMPAIGN_CHANNELS)[number]
export const CAMPAIGN_CHANNEL_LABELS: Record<CampaignChannelName, string> = {
	EMAIL: 'Email',
	LINKEDIN: 'LinkedIn',
}

/** "Email, LinkedIn" */
export function formatChannels(channels: readonly string[]) {
	return channels
		.map((channel) => CAMPAIGN_CHANNEL_LABELS[channel as CampaignChannelName] ?? channel)
		.join(', ')
}

export const CAMPAIGN_NAME_MAX_LENGTH = 200
export const CAMPAIGN_NAME_REQUIRED = 'Campaign name is required'
export const CAMPAIGN_CHANNELS_REQUIRED = 'Select at least one channel'

const channelList = z
	.array(z.enum(CAMPAIGN_CHANNELS, { error: 'Channels must be EMAIL or LINKEDIN' }), {
		error: CAMPAIGN_CHANNELS_REQUIRED,
	})
	.min(1, { error: CAMPAIGN_CHANNELS_REQUIRED })
	.transform((channels) => [...new Set(channels)])

/** The New campaign dialog ("What should we name this campaign?"): a name and its channels. */
export const CreateCampaignSchema = z.object({
	name: z
		.string({ error: CAMPAIGN_NAME_REQUIRED })
		.trim()
		.min(1, { error: CAMPAIGN_NAME_REQUIRED })
		.max(CAMPAIGN_NAME_MAX_LENGTH, {
			error: `Campaign name must be at most ${CAMPAIGN_NAME_MAX_LENGTH} characters`,
		}),
	// One ticked checkbox posts a single value; Conform may hand it over as a string.
	channels: z.preprocess(
		(value) => (value === undefined || Array.isArray(value) ? value : [value]),
		channelList,
	),
})
export type CreateCampaignInput = z.output<typeof CreateCampaignSchema>

/** The API: channels default to email, as in the database. */
export const CreateCampaignApiSchema = CreateCampaignSchema.extend({
	channels: z.preprocess(
		(value) => (value === undefined ? ['EMAIL'] : Array.isArray(value) ? value : [value]),
		channelList,
	),
})

/** POST /campaigns/:campaign/contacts/batch: `contact_ids` (ids or 'all') with the filter the user saw. */
export const AddContactsToCampaignSchema = ContactBulkFilterSchema.extend({
	contact_ids: ContactSelectionSchema,
})

// The channel rules of "Add contacts to campaign" (spec, validation rules).
export const EMAIL_REQUIRED_FOR_CAMPAIGN =
	'Email is required - Please provide an email address or update the campaign channels.'
export const LINKEDIN_REQUIRED_FOR_CAMPAIGN =
	'LinkedIn is required - Please provide a LinkedIn URL or update the campaign channels.'
export const INVALID_LINKEDIN_FOR_CAMPAIGN =
	'Invalid LinkedIn URL - Please provide a valid personal LinkedIn profile URL (for example https://www.linkedin.com/in/username)'

/**
 * A personal LinkedIn profile, /in/{username}. One pattern for JavaScript and PostgreSQL
 * (`~*`): both read it the same way, so the dialog and the bulk INSERT agree.
 */
export const LINKEDIN_PROFILE_PATTERN = '^(https?://)?([a-z0-9-]+\\.)*linkedin\\.com/in/[^/?#\\s]+([/?#].*)?$'
const linkedinProfile = new RegExp(LINKEDIN_PROFILE_PATTERN, 'i')

export function isLinkedinProfileUrl(url: string) {
	return linkedinProfile.test(url.trim())
}

/**
 * Why a contact cannot join a campaign with these channels, or null when it can. A contact
 * needs an email or a LinkedIn URL; the email channel needs an email; the LinkedIn channel a
 * personal profile URL.
 */
export function campaignIneligibility(
	contact: { email: string | null; linkedin: string | null },
	channels: readonly string[],
): string | null {
	const email = contact.email?.trim()
	const linkedin = contact.linkedin?.trim()
	if (!email && !linkedin) {
		return channels.includes('EMAIL') ? EMAIL_REQUIRED_FOR_CAMPAIGN : LINKEDIN_REQUIRED_FOR_CAMPAIGN
	}
	if (channels.includes('EMAIL') && !email) return EMAIL_REQUIRED_FOR_CAMPAIGN
	if (channels.includes('LINKEDIN')) {
		if (!linkedin) return LINKEDIN_REQUIRED_FOR_CAMPAIGN
		if (!isLinkedinProfileUrl(linkedin)) return INVALID_LINKEDIN_FOR_CAMPAIGN
	}
	return null
}

export function contactsAddedToCampaignMessage(count: number) {
	return `${count} contacts added to campaign`
}

/** What adding contacts to a campaign answers (the API and the page's action alike). */
export type CampaignBatchResult = {
	added: number
	skipped: Array<{ id: string; reason: string }>
	skippedCount: number
}

/** "3 contacts skipped: Email is required - …" when some failed the channel rules. */
export function skippedDescription(result: CampaignBatchResult) {
	if (!result.skippedCount) return undefined
	const reasons = [...new Set(result.skipped.map((skip) => skip.reason))]
	const count = `${result.skippedCount} ${result.skippedCount === 1 ? 'contact' : 'contacts'} skipped`
	return reasons.length ? `${count}: ${reasons.join(' ')}` : `${count} (channel rules)`
}

/** The toast of a batch: an error when nothing could be added, else a success; skips described. */
export function campaignBatchToast(result: CampaignBatchResult) {
	return {
		type: result.added === 0 && result.skippedCount ? ('error' as const) : ('success' as const),
		title: contactsAddedToCampaignMessage(result.added),
		description: skippedDescription(result),
	}
}

/** The Sender email choice that sends a campaign's run from its mailboxes in rotation (decision 053). */
export const ROTATE_MAILBOXES = 'rotate'
export const CAMPAIGN_MAILBOXES_MESSAGES = {
	saved: 'Sending mailboxes saved',
	notUsable: 'Select mailboxes you may send from',
	noneChosen: 'Choose this campaign’s sending mailboxes first',
	campaignOnly: 'Rotation sends a campaign’s sequences: generate them from the campaign',
} as const

/** The campaign's sending mailboxes: every id ticked (none turns rotation off). */
export const CampaignMailboxesSchema = z.object({
	mailboxIds: z.preprocess(
		(value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
		z
			.array(z.string({ error: 'Mailbox ids must be text' }).min(1).max(100), {
				error: 'mailboxIds must be a list of mailbox ids',
			})
			.max(50, { error: 'A campaign rotates across at most 50 mailboxes' })
			.transform((ids) => [...new Set(ids)]),
	),
})
