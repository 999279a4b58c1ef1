import { prisma } from '#app/utils/db.server.ts'
import { appUrl } from '#app/utils/env.server.ts'

/**
 * An organization's tracking domain (decision 015): the host name its emails' tracked links and
 * unsubscribe links use instead of the app's, so the mail names the sender's domain, not ours. The
 * organization points it at the app with a CNAME; the app answers any host name (the tokens carry
 * everything), so nothing else has to know it. The scheme is the app's: behind HTTPS the host needs
 * a certificate, which whoever runs the app provides (a proxy with on-demand TLS, for instance).
 */

/** Where the links of an email point: the tracking domain with the app's scheme, else the app. */
export function linkBaseUrl(trackingDomain: string | null | undefined) {
	if (!trackingDomain) return appUrl()
	return `${new URL(appUrl()).protocol}//${trackingDomain}`
}

/** The app's own host name: what a tracking domain's CNAME record points at. */
export function appHostName() {
	return new URL(appUrl()).hostname
}

export async function getTrackingDomain(organizationId: string) {
	const organization = await prisma.organization.findUnique({
		where: { id: organizationId },
		select: { trackingDomain: true },
	})
	return organization ? { trackingDomain: organization.trackingDomain } : null
}

/** Empty clears it (links use the app's host again). Only email sent from now on changes. */
export async function updateTrackingDomain(organizationId: string, trackingDomain: string | null) {
	return prisma.organization.update({
		where: { id: organizationId },
		data: { trackingDomain: trackingDomain || null },
		select: { trackingDomain: true },
	})
}
