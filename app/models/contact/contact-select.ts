import { type Prisma } from '#app/generated/prisma/client.ts'

/** The fields that name a contact and reach them: every contact query selects them. */
export const CONTACT_CARD_SELECT = {
	id: true,
	firstName: true,
	middleName: true,
	lastName: true,
	email: true,
	phone: true,
	linkedin: true,
	role: true,
	roleDetails: true,
} satisfies Prisma.ContactSelect

/** A contact's name and ways to reach them, as the model's queries return them. */
export type ContactCard = Prisma.ContactGetPayload<{ select: typeof CONTACT_CARD_SELECT }>
